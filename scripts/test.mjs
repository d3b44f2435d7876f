// `npm test`: lint, typecheck, every Vitest project (unit, web, server on PGlite, and the server
// suites on PostgreSQL + Redis when TEST_DATABASE_URL/TEST_REDIS_URL are set), then the Playwright
// journeys in Chromium on the production build; in CI also a smoke test on Node 24
// (scripts/node-smoke.mjs). Prints one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, 'test-results');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const summary = [];
/** Terminal colour codes in Playwright's error messages. */
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** Each failed test by name with the first line of its error, printed again at the end. */
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  summary.push(`${ok ? '✔' : '✘'} ${label} (${seconds}s)`);
}

check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npm', ['run', 'typecheck']);

const vitestReport = path.join(reportDir, 'vitest.json');
const vitest = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (vitest.ok || report.numFailedTests > 0 ? 0 : 1);
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`vitest ${path.relative(root, file.name)} › ${test.fullName}: ${reason}`);
    }
  }
  summary.push(
    `${vitest.ok ? '✔' : '✘'} vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped (${vitest.seconds}s)`,
  );
} else {
  totals.failed += 1;
  summary.push(`✘ vitest: no report (${vitest.seconds}s)`);
}

const playwrightReport = path.join(reportDir, 'playwright.json');
const e2e = run(
  'e2e (Playwright, Chromium)',
  'npm',
  ['run', 'test:e2e', '--', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);
if (existsSync(playwrightReport)) {
  const playwright = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  const stats = playwright.stats;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message ?? '';
        const reason = error.replace(ansiColour, '').split('\n')[0].slice(0, 300);
        failures.push(`e2e ${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${reason}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwright.suites ?? []) visit(suite);
  const failed = stats.unexpected + stats.flaky;
  totals.passed += stats.expected;
  totals.failed += failed + (e2e.ok || failed > 0 ? 0 : 1);
  summary.push(
    `${e2e.ok ? '✔' : '✘'} e2e: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped (${e2e.seconds}s)`,
  );
} else {
  totals.failed += 1;
  summary.push(`✘ e2e: no report (${e2e.seconds}s)`);
}

// CI only (.ci/run sets CI=true): the program on another supported Node line, from the npm
// registry's `node` package, started embedded and booked through by HTTP (one check).
if (process.env.CI === 'true') {
  check('Node 24 smoke (embedded start, booking API journey)', process.execPath, [
    'scripts/node-smoke.mjs',
    '24',
  ]);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${summary.join('\n')}`);
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.log(
    '(TEST_DATABASE_URL / TEST_REDIS_URL not set: the PostgreSQL + Redis suites did not run)',
  );
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
