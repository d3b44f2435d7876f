// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
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

/** The running step (web build, then the server); a stop signal goes to it. */
let current = null;
let stopSignal = null;
function stop(signal) {
  stopSignal = signal;
  // The child stops on its own terms (the server finishes its requests) and we exit with it.
  if (current) current.kill(signal);
  else process.exit(128 + os.constants.signals[signal]);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// `npm start` puts npm and a shell above us, and a SIGTERM to npm ends both without passing it
// on: we notice by being handed to another parent, and stop as if it had reached us.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopSignal) stop('SIGTERM');
}, 250).unref();

/** Runs one step with the terminal shared, and resolves with its exit code (128+n on signal n). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    current = child;
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}

// WEB_DIST_DIR names a build made elsewhere (a deployment, the tests): nothing to build here.
const sources = [webDir, path.join(root, 'packages/contracts/src')];
const needsBuild =
  !process.env.WEB_DIST_DIR &&
  (!existsSync(builtIndex) ||
    sources.some((dir) => newestMtime(dir) > statSync(builtIndex).mtimeMs));
if (needsBuild) {
  console.log('웹 앱을 빌드합니다 (vite build)...');
  const built = await run('npm', ['run', 'build', '-w', '@curtaincall/web']);
  if (built !== 0 || stopSignal) process.exit(built || 1);
}

// tsx runs the TypeScript server directly: one source of truth, no separate server build step.
// The same command runs it in production without npm: see README.md "Running in production".
process.exit(
  await run(process.execPath, [
    ...serverNodeFlags,
    '--import',
    'tsx',
    path.join(root, 'apps/server/src/main.ts'),
  ]),
);
