import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

/** Shared pieces of every benchmark: child servers pinned to a core, load runs, medians. */

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

export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a server process pinned to CPU 0 (the load generator runs on CPU 1) and waits until
 * `readyPath` answers 200.
 */
export async function startServer(options: {
  args: string[];
  env: Record<string, string>;
  readyPath: string;
  port: number;
}): Promise<ChildServer> {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, ...options.args], {
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}${options.readyPath}`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        // A child killed by a signal has signalCode set and exitCode null: it is gone too, and
        // waiting for another 'exit' would wait forever.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
}

/** One closed-loop autocannon run; `paths` are requested round-robin. */
export async function runLoad(options: {
  url: string;
  paths: string[];
  seconds: number;
  connections: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function machineFacts(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu} × ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The 1-minute load average, from /proc/loadavg. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

/**
 * Prints the machine facts and the 1-minute load average before a benchmark, and returns the
 * line to print after it: a ratio measured on a busy machine is read beside the load it had.
 */
export function announceBenchmark(name: string): { after(): void } {
  console.log(`bench/${name} — ${machineFacts()}`);
  console.log(`load average (1 min) before: ${loadAverage().toFixed(2)}`);
  return {
    after: () => console.log(`load average (1 min) after: ${loadAverage().toFixed(2)}`),
  };
}

/**
 * `BENCH_HOG=1`: a process spinning on CPU 0, the server's core, for the goals that must hold on
 * a busy machine (P3 under load). Returns its stop function, or a no-op without the setting.
 */
export function startHogIfAsked(): () => void {
  if (process.env.BENCH_HOG !== '1') return () => {};
  const hog = spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], {
    stdio: 'ignore',
  });
  console.log(`BENCH_HOG=1: a CPU hog (pid ${hog.pid}) spins on CPU 0 beside the server`);
  return () => {
    hog.kill('SIGKILL');
  };
}
