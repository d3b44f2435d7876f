import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { firstLoadAnswersId } from './first-load-page';

/** A stand-in web build: index.html with a head, and Vite's manifest of an entry and 3 pages. */
const indexHtml =
  '<!doctype html><html><head><title>커튼콜</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-R1.js"></head>' +
  '<body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_card-C1.js': { file: 'assets/card-C1.js', imports: ['_react-R1.js'] },
  'src/app/routes/home-page.tsx': { file: 'assets/home-page-H1.js', imports: ['_card-C1.js'] },
  'src/app/routes/concerts-page.tsx': { file: 'assets/concerts-page-L1.js' },
  'src/app/routes/concert-detail-page.tsx': { file: 'assets/concert-detail-page-D1.js' },
};
const hostileTitle = '</script><script>alert(1)</script> 공연';

let ctx: TestContext;
let firstConcertId: number;
let hostileConcertId: number;
beforeAll(async () => {
  ctx = await createTestContext({
    configure: (config) => {
      const webDistDir = path.join(config.dataDir, 'web');
      mkdirSync(path.join(webDistDir, '.vite'), { recursive: true });
      writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
      writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      return { ...config, webDistDir };
    },
  });
  const sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  const day = 86_400_000;
  const first = await createConcert(ctx.database.db, {
    sellerId,
    concertDate: new Date(Date.now() + 5 * day).toISOString().slice(0, 10),
    posterImageUrl: '/uploads/posters/first.webp',
  });
  firstConcertId = first.id;
  const hostile = await createConcert(ctx.database.db, { sellerId, title: hostileTitle });
  hostileConcertId = hostile.id;
});
afterAll(async () => ctx?.close());

/** The inline answers block of a page, parsed as the web app parses it. */
function answersOf(html: string): { generatedAt: number; answers: Record<string, unknown> } {
  const match = new RegExp(
    `<script type="application/json" id="${firstLoadAnswersId}">(.*?)</script>`,
  ).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? '') as { generatedAt: number; answers: Record<string, unknown> };
}

async function page(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  // Revalidated on every load, so the inline answers are never older than the page.
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
}

async function apiBody(url: string): Promise<unknown> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('index.html with first-load hints', () => {
  it('home: the featured answer inline (as the API sends it), its poster and code preloaded', async () => {
    const html = await page('/');
    const block = answersOf(html);
    expect(Math.abs(block.generatedAt - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(block.answers)).toEqual(['/api/concerts?page=0&size=4']);
    expect(block.answers['/api/concerts?page=0&size=4']).toEqual(
      await apiBody('/api/concerts?page=0&size=4'),
    );
    expect(html).toContain(
      `<link rel="preload" as="image" href="${ctx.config.publicBaseUrl}/uploads/posters/first.webp" fetchpriority="high">`,
    );
    // The page's chunk and what it imports; not what index.html loads already.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-H1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-C1.js">');
    expect(html.match(/react-R1\.js/g)).toHaveLength(1);
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/index-E1.js"');
    // Everything goes in the head, before the app's script runs.
    expect(html.indexOf(firstLoadAnswersId)).toBeLessThan(html.indexOf('</head>'));
  });

  it('all concerts: the first page by date, as the page asks for it', async () => {
    const html = await page('/concerts');
    const key = '/api/concerts?page=0&size=20&sortBy=concertDate&sortDir=asc';
    expect(Object.keys(answersOf(html).answers)).toEqual([key]);
    expect(answersOf(html).answers[key]).toEqual(await apiBody(key));
    expect(html).toContain('href="/assets/concerts-page-L1.js"');
    expect(html).toContain(`/uploads/posters/first.webp" fetchpriority="high">`);
  });

  it("a concert's detail, and the fallback poster for a concert without one", async () => {
    const html = await page(`/concerts/${firstConcertId}`);
    const key = `/api/concerts/${firstConcertId}`;
    expect(answersOf(html).answers[key]).toEqual(await apiBody(key));
    expect(html).toContain('href="/assets/concert-detail-page-D1.js"');

    const withoutPoster = await page(`/concerts/${hostileConcertId}`);
    expect(withoutPoster).toContain(
      '<link rel="preload" as="image" href="/images/basic-poster-image.png" fetchpriority="high">',
    );
  });

  it('text from the data cannot close the block or add a script', async () => {
    const html = await page(`/concerts/${hostileConcertId}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the app's script and the block
    const answer = answersOf(html).answers[`/api/concerts/${hostileConcertId}`] as {
      data: { title: string };
    };
    expect(answer.data.title).toBe(hostileTitle);
    // Nothing inline runs: the CSP still allows no inline script.
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('pages with parameters, unknown concerts and other pages get index.html as built', async () => {
    for (const url of [
      '/concerts?page=2',
      '/?from=mail',
      '/concerts/999999',
      '/concerts/0',
      '/concerts/99999999999',
      '/login',
    ]) {
      expect(await page(url)).toBe(indexHtml);
    }
  });

  it('HEAD of a hinted page answers its headers without a body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe('');
  });
});
