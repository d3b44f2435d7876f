// `npm run bench -- <name>`: runs bench/<name>/run.ts (each benchmark prints its ratio against a
// baseline measured in the same run). Without a name, lists the benchmarks there are.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(benchDir, entry.name, 'run.ts')))
  .map((entry) => entry.name);

const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.log(
    available.length > 0
      ? `사용법: npm run bench -- <${available.join('|')}>`
      : '아직 등록된 벤치마크가 없습니다 (bench/<name>/run.ts).',
  );
  process.exit(name ? 1 : 0);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(benchDir, name, 'run.ts'), ...process.argv.slice(3)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
