import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a page needs first, so the browser can ask for it with the HTML instead of after the
 * JavaScript has booted (a phone's first load: each of those steps is a round trip on a slow
 * network). Given per page path by the feature that owns the page.
 */
export interface FirstLoadHints {
  /**
   * Answers of the public GET calls the page makes at start, as the API would send them (the
   * envelope JSON), keyed by `firstLoadAnswerKey`. The web app uses each once instead of fetching.
   */
  answers: Array<{ key: string; json: string }>;
  /** The page's largest image (its LCP), fetched at once with high priority. */
  image?: string | null;
  /** Source files of the page's lazily loaded code, as Vite's manifest names them. */
  modules: string[];
}

export type FirstLoadHintsFor = (pathname: string) => Promise<FirstLoadHints | null>;

/** The id of the inline answers block; apps/web/src/lib/first-load-answers.ts reads it. */
export const firstLoadAnswersId = 'first-load-answers';

/**
 * `/api/concerts?size=4&page=0` and `/api/concerts?page=0&size=4` are one answer: the key is the
 * path with its parameters sorted (apps/web/src/lib/first-load-answers.ts builds it alike).
 */
export function firstLoadAnswerKey(pathname: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params);
  search.sort();
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Template {
  mtimeMs: number;
  html: string;
  manifest: Manifest;
  /** Chunks index.html already loads (the entry and its static imports). */
  entryFiles: Set<string>;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside a script element: `<` escaped, so no `</script>` in the data can end it. */
const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function chunkFiles(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/**
 * index.html with a page's first-load hints in its head: `<link rel=preload>` for the LCP image,
 * `<link rel=modulepreload>` for the page's lazy chunks (from `.vite/manifest.json`), and the
 * public answers inline as a JSON data block (not a script that runs, so the CSP needs no hash).
 * The template is re-read when the build changes, as the static files are.
 */
export function createFirstLoadPage(webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  let template: Template | null = null;

  async function currentTemplate(): Promise<Template> {
    const { mtimeMs } = await stat(indexFile);
    if (template?.mtimeMs === mtimeMs) return template;
    const html = await readFile(indexFile, 'utf8');
    let manifest: Manifest = {};
    try {
      manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    } catch {
      // A build without a manifest: the page still works, its chunks load when imported.
    }
    const entryFiles = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry) chunkFiles(manifest, key, entryFiles);
    }
    template = { mtimeMs, html, manifest, entryFiles };
    return template;
  }

  return {
    /** The page's HTML, or null when the template has no head to put hints in. */
    async render(hints: FirstLoadHints, now: Date): Promise<string | null> {
      const { html, manifest, entryFiles } = await currentTemplate();
      if (!html.includes('</head>')) return null;
      const tags: string[] = [];
      if (hints.image) {
        tags.push(
          `<link rel="preload" as="image" href="${escapeAttribute(hints.image)}" fetchpriority="high">`,
        );
      }
      const files = new Set<string>();
      for (const module of hints.modules) chunkFiles(manifest, module, files);
      for (const file of files) {
        if (!entryFiles.has(file)) {
          tags.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
        }
      }
      if (hints.answers.length > 0) {
        const answers = hints.answers
          .map(({ key, json }) => `${JSON.stringify(key)}:${json}`)
          .join(',');
        tags.push(
          `<script type="application/json" id="${firstLoadAnswersId}">${escapeScriptJson(
            `{"generatedAt":${now.getTime()},"answers":{${answers}}}`,
          )}</script>`,
        );
      }
      return html.replace('</head>', `${tags.join('')}</head>`);
    },
  };
}
