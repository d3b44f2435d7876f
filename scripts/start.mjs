// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [webDir, path.join(root, 'packages/contracts/src')];
const needsBuild =
  !existsSync(builtIndex) || sources.some((dir) => newestMtime(dir) > statSync(builtIndex).mtimeMs);
if (needsBuild) {
  console.log('웹 앱을 빌드합니다 (vite build)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@curtaincall/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// tsx runs the TypeScript server directly: one source of truth, no separate server build step.
const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
