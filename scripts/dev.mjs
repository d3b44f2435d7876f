// `npm run dev`: the API server on :8080, restarted when its sources change (tsx watch), and the
// Vite dev server on :5173 with hot reload, which proxies /api, /ws, /oauth2 and /uploads to it.
// Open http://localhost:5173. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [];
let stopping = false;

function start(label, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // One half alone is no use: stop the other and report which one ended.
    console.error(`${label} stopped (${signal ?? code}); stopping the other half.`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

start(
  'server',
  process.execPath,
  [
    ...serverNodeFlags,
    '--import',
    'tsx',
    '--watch',
    '--watch-preserve-output',
    path.join(root, 'apps/server/src/main.ts'),
  ],
  {
    // The browser talks to the Vite origin; redirects after payment and OAuth go back there.
    FRONT_BASE_URL: process.env.FRONT_BASE_URL ?? 'http://localhost:5173',
  },
);
start('web', 'npx', ['vite', '--config', 'apps/web/vite.config.ts']);
