import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The server's entry, started the way production starts it (README.md "Operations"). */
const serverEntry = path.resolve(import.meta.dirname, '../../src/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: string[];
}

/** Waits until `check` resolves true, polling every 100 ms, or throws `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One real server process on `port` (a fresh one if not given), resolved once it is ready. */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(listenPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitFor(
      `the server on port ${listenPort}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
        try {
          return (await fetch(`${url}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      90_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('')}`, { cause: error });
  }
  return { port: listenPort, url, child, output };
}

/** SIGTERM, as a process manager stops it; resolves with the exit code. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code) => resolve(code)),
  );
  server.child.kill('SIGTERM');
  return exited;
}
