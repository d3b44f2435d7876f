import { rmSync } from 'node:fs';
import path from 'node:path';
import { startNginx } from '../../apps/server/test/helpers/nginx';

/**
 * Playwright's web server for e2e/nginx.spec.ts: Debian's nginx on deploy/nginx.conf (rendered
 * only for ports and paths, as the scale-out suite does) in front of the e2e server started for
 * it, serving the production build's assets. Runs until Playwright stops it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.NGINX_PORT);
const upstream = `127.0.0.1:${process.env.NGINX_UPSTREAM_PORT}`;
const nginx = await startNginx({
  port,
  // One instance behind both upstream lines: the two-instance proof is the scale-out suite's.
  upstreams: [upstream, upstream],
  staticRoot: path.join(root, 'apps/web/dist'),
});
console.log(`nginx on ${nginx.url} in front of ${upstream}`);

async function stop() {
  await nginx.stop();
  rmSync(nginx.prefix, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
