// CI's smoke test on another supported Node line (default 24): takes that Node from the npm
// registry's `node` package (a real binary, cached between runs), starts the server embedded on
// it (PGlite in a temporary DATA_DIR, demo data, sandbox payments), runs the booking journey
// through HTTP (scripts/booking-journey.mjs) and stops it with SIGTERM, expecting exit code 0.
//   node scripts/node-smoke.mjs [line]      e.g. `node scripts/node-smoke.mjs 22`
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { runBookingJourney } from './booking-journey.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const line = process.argv[2] ?? process.env.SMOKE_NODE_LINE ?? '24';
/** The whole smoke, download included, must end well inside CI's patience. */
const deadline = setTimeout(() => fail('took longer than 3 minutes'), 180_000);
deadline.unref();
let server = null;

function fail(message) {
  console.error(`✘ Node ${line} smoke: ${message}`);
  if (server && server.exitCode === null) server.kill('SIGKILL');
  process.exit(1);
}

/** Installs `node@<line>` from the registry into a cache folder once; returns its binary. */
function nodeBinary() {
  const cacheDir = path.join(os.tmpdir(), `curtaincall-node${line}`);
  const binary = path.join(cacheDir, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(cacheDir, { recursive: true });
    console.log(`Installing Node ${line} from the npm registry (package "node@${line}")...`);
    const installed = spawnSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${line}`],
      { cwd: cacheDir, stdio: 'inherit' },
    );
    if (installed.status !== 0 || !existsSync(binary)) fail(`npm install node@${line} failed`);
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${line}.`)) fail(`the installed binary is ${version || 'broken'}`);
  return { binary, version };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const { binary, version } = nodeBinary();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-smoke-'));
const env = { ...process.env };
// Embedded: whatever services the CI machine offers, this start uses none of them.
delete env.DATABASE_URL;
delete env.REDIS_URL;
Object.assign(env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: baseUrl,
  DEMO_DATA: 'true',
  PAYMENT_PROVIDER: 'sandbox',
  LOG_LEVEL: 'warn',
});
const output = [];
server = spawn(
  binary,
  [...serverNodeFlags, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
);
server.stdout.on('data', (chunk) => output.push(chunk.toString()));
server.stderr.on('data', (chunk) => output.push(chunk.toString()));
const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

try {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output.join('')}`);
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 120_000) throw new Error(`no answer: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `✔ server started embedded on Node ${version} (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
  await runBookingJourney(baseUrl);
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`SIGTERM: exit code ${code}: ${output.join('')}`);
  console.log(`✔ Node ${line} smoke: the booking journey passed on ${version}; stopped cleanly`);
} catch (error) {
  fail(error.message);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
