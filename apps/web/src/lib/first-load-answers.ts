/**
 * Answers the server put inline in index.html for the public data a page asks for first
 * (apps/server/src/http/first-load-page.ts), so a phone's first load skips that round trip.
 * Each answer is used once, by the first GET of exactly its path and parameters, and only while
 * young: an old page (a restored tab) fetches as usual, as does every later call.
 */
const blockId = 'first-load-answers';

/** Older than this (by the browser's clock against the server's), the data is fetched again. */
export const firstLoadAnswerMaxAgeMs = 30_000;

interface Block {
  generatedAt: number;
  answers: Record<string, unknown>;
}

let block: Block | null | undefined;

function readBlock(): Block | null {
  if (block !== undefined) return block;
  block = null;
  const text =
    typeof document === 'undefined' ? null : document.getElementById(blockId)?.textContent;
  if (!text) return block;
  try {
    const parsed = JSON.parse(text) as Partial<Block>;
    if (
      typeof parsed.generatedAt === 'number' &&
      typeof parsed.answers === 'object' &&
      parsed.answers
    ) {
      block = { generatedAt: parsed.generatedAt, answers: { ...parsed.answers } };
    }
  } catch {
    // A broken block is no block: the page fetches its data.
  }
  return block;
}

/** `/api/concerts?size=4&page=0` and `/api/concerts?page=0&size=4` are one key (sorted). */
export function firstLoadAnswerKey(url: string): string {
  const [pathname = '', query = ''] = url.split('?', 2);
  const search = new URLSearchParams(query);
  search.sort();
  const sorted = search.toString();
  return sorted ? `${pathname}?${sorted}` : pathname;
}

/** The inline answer (the envelope JSON) for this same-origin GET URL, once; else undefined. */
export function takeFirstLoadAnswer(url: string): unknown {
  const current = readBlock();
  if (!current) return undefined;
  const key = firstLoadAnswerKey(url);
  if (!Object.hasOwn(current.answers, key)) return undefined;
  const answer = current.answers[key];
  delete current.answers[key];
  if (Math.abs(Date.now() - current.generatedAt) > firstLoadAnswerMaxAgeMs) return undefined;
  return answer;
}

/** Tests only: forget the block read, so the next call reads the document again. */
export function resetFirstLoadAnswersForTest(): void {
  block = undefined;
}
