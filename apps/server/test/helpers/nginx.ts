import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './server-processes';

/** The deployment's own nginx configuration: the test runs this file, not a copy of it. */
export const deployNginxConf = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');

/**
 * Where Debian's package puts nginx; PATH may lack /usr/sbin for a non-root user. Missing, the
 * suite fails with how to install it: a skipped proof of the deployment proves nothing.
 */
export function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  throw new Error(
    'nginx is not installed, and the scale-out suite proves deploy/nginx.conf with it: ' +
      "install Debian's package (`apt-get install -y nginx`; .ci/run does this) and run again.",
  );
}

export interface NginxPlaces {
  /** Where nginx listens (127.0.0.1). */
  port: number;
  /** The two app instances, in the order of app1 and app2. */
  upstreams: [string, string];
  /** Served under /assets/ (the built web app). */
  staticRoot: string;
  /** Owns the pid file, the logs and the temp folders. */
  prefix: string;
}

/**
 * deploy/nginx.conf with only the machine-specific words replaced. Each must be found, so a
 * change to the deploy file that this test no longer covers stops the suite with its name.
 */
export function renderNginxConf(source: string, places: NginxPlaces): string {
  const replacements: Array<[string, string]> = [
    ['listen 80;', `listen 127.0.0.1:${places.port};`],
    ['server app1:8080 ', `server ${places.upstreams[0]} `],
    ['server app2:8080 ', `server ${places.upstreams[1]} `],
    ['root /usr/share/nginx/html;', `root ${places.staticRoot};`],
    ['pid /var/run/nginx.pid;', `pid ${places.prefix}/nginx.pid;`],
    ['/var/log/nginx/', `${places.prefix}/logs/`],
    ['/var/cache/nginx/', `${places.prefix}/cache/`],
  ];
  let text = source;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) {
      throw new Error(`deploy/nginx.conf no longer contains "${from}", which the test replaces`);
    }
    text = text.replaceAll(from, to);
  }
  return text;
}

export interface RunningNginx {
  url: string;
  port: number;
  prefix: string;
  child: ChildProcess;
  output: string[];
  /** The access log's lines so far (format `curtaincall` of deploy/nginx.conf). */
  accessLog(): AccessLogLine[];
  stop(): Promise<void>;
}

export interface AccessLogLine {
  method: string;
  path: string;
  status: number;
  /** `127.0.0.1:port` of the instance that answered, `-` when nginx answered itself. */
  upstream: string;
}

function parseAccessLog(text: string): AccessLogLine[] {
  const lines: AccessLogLine[] = [];
  for (const line of text.split('\n')) {
    const match = /"(\S+) (\S+) [^"]*" (\d{3}) .* upstream=(.+?) us=/.exec(line);
    if (!match) continue;
    lines.push({
      method: match[1] ?? '',
      path: match[2] ?? '',
      status: Number(match[3]),
      upstream: match[4] ?? '',
    });
  }
  return lines;
}

/**
 * Debian's nginx in the foreground (`daemon off`, our child process) on the deploy file rendered
 * for this machine, in a prefix folder of its own; resolves once it answers.
 */
export async function startNginx(
  places: Omit<NginxPlaces, 'port' | 'prefix'> & { port?: number },
): Promise<RunningNginx> {
  const nginx = findNginx();
  const port = places.port ?? (await freePort());
  const prefix = mkdtempSync(path.join(tmpdir(), 'cc-nginx-'));
  // Run as root, nginx's workers drop to `nobody`: they must reach the prefix and the assets.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  mkdirSync(path.join(prefix, 'cache'));
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(
    confFile,
    renderNginxConf(readFileSync(deployNginxConf, 'utf8'), { ...places, port, prefix }),
  );
  const output: string[] = [];
  const child = spawn(nginx, ['-p', prefix, '-c', confFile, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output.join('')}`);
      try {
        await fetch(`${url}/metrics`);
        return true;
      } catch {
        return false;
      }
    },
    15_000,
  );
  const accessLogFile = path.join(prefix, 'logs', 'access.log');
  return {
    url,
    port,
    prefix,
    child,
    output,
    accessLog: () =>
      existsSync(accessLogFile) ? parseAccessLog(readFileSync(accessLogFile, 'utf8')) : [],
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
