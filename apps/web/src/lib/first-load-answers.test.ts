import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@/test/server';
import { apiFetch, apiRequest, takeFirstLoadData } from './api-client';
import {
  firstLoadAnswerKey,
  firstLoadAnswerMaxAgeMs,
  resetFirstLoadAnswersForTest,
} from './first-load-answers';

/** The block the server writes into index.html (apps/server/src/http/first-load-page.ts). */
function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-load-answers';
  block.textContent = text;
  document.head.append(block);
}

function answers(generatedAt: number, entries: Record<string, unknown>) {
  writeBlock(JSON.stringify({ generatedAt, answers: entries }));
}

/** Counts the calls that reach the network for a path. */
function countCalls(path: string, data: unknown) {
  const calls = { count: 0 };
  server.use(
    http.get(path, () => {
      calls.count += 1;
      return HttpResponse.json({ success: true, data });
    }),
  );
  return calls;
}

afterEach(() => {
  document.getElementById('first-load-answers')?.remove();
  resetFirstLoadAnswersForTest();
});

describe('first-load answers', () => {
  it('keys ignore the order of the parameters', () => {
    expect(firstLoadAnswerKey('/api/concerts?size=4&page=0')).toBe('/api/concerts?page=0&size=4');
    expect(firstLoadAnswerKey('/api/concerts/7')).toBe('/api/concerts/7');
  });

  it('the first GET of the path uses the inline answer; the next one fetches', async () => {
    const calls = countCalls('/api/concerts', { from: 'network' });
    answers(Date.now(), {
      '/api/concerts?page=0&size=4': { success: true, data: { from: 'inline' } },
    });
    const schema = z.object({ from: z.string() });
    const params = { size: 4, page: 0 };
    await expect(apiFetch('/concerts', schema, { params })).resolves.toEqual({ from: 'inline' });
    expect(calls.count).toBe(0);
    await expect(apiFetch('/concerts', schema, { params })).resolves.toEqual({ from: 'network' });
    expect(calls.count).toBe(1);
  });

  it('other parameters, other methods and other paths fetch', async () => {
    const calls = countCalls('/api/concerts', { from: 'network' });
    server.use(
      http.post('/api/concerts', () => HttpResponse.json({ success: true, data: 'posted' })),
    );
    answers(Date.now(), { '/api/concerts?page=0&size=4': { success: true, data: 'inline' } });
    await expect(apiRequest('/concerts', { params: { page: 1, size: 4 } })).resolves.toMatchObject({
      data: { from: 'network' },
    });
    await expect(
      apiRequest('/concerts?page=0&size=4', { method: 'POST', body: {} }),
    ).resolves.toMatchObject({ data: 'posted' });
    expect(calls.count).toBe(1);
  });

  it('an answer older than the limit (a restored tab) is not used', async () => {
    const calls = countCalls('/api/concerts/7', 'fresh');
    answers(Date.now() - firstLoadAnswerMaxAgeMs - 1_000, {
      '/api/concerts/7': { success: true, data: 'stale' },
    });
    await expect(apiRequest('/concerts/7')).resolves.toMatchObject({ data: 'fresh' });
    expect(calls.count).toBe(1);
  });

  it('an inline failure envelope is still a failure, and a broken block is no block', async () => {
    answers(Date.now(), {
      '/api/concerts/8': { success: false, status: 404, code: 'T003', message: '없음' },
    });
    await expect(apiRequest('/concerts/8')).rejects.toMatchObject({ status: 404, message: '없음' });

    document.getElementById('first-load-answers')?.remove();
    resetFirstLoadAnswersForTest();
    writeBlock('{not json');
    const calls = countCalls('/api/concerts/9', 'fetched');
    await expect(apiRequest('/concerts/9')).resolves.toMatchObject({ data: 'fetched' });
    expect(calls.count).toBe(1);
  });

  it("a query's initial data: the inline data, checked, taken once; nothing otherwise", () => {
    const schema = z.object({ from: z.string() });
    answers(Date.now(), {
      '/api/concerts?page=0&size=4': { success: true, data: { from: 'inline' } },
      '/api/concerts/11': { success: true, data: { from: 11 } },
      '/api/concerts/12': { success: false, status: 404, code: 'T003', message: '없음' },
    });
    expect(takeFirstLoadData('/concerts', schema, { size: 4, page: 0 })).toEqual({
      from: 'inline',
    });
    expect(takeFirstLoadData('/concerts', schema, { size: 4, page: 0 })).toBeUndefined();
    // Off-contract data and failure envelopes are no initial data: the query fetches instead.
    expect(takeFirstLoadData('/concerts/11', schema)).toBeUndefined();
    expect(takeFirstLoadData('/concerts/12', schema)).toBeUndefined();
    expect(takeFirstLoadData('/concerts/13', schema)).toBeUndefined();
  });

  it('the data still meets the contract schema', async () => {
    answers(Date.now(), { '/api/concerts/10': { success: true, data: { from: 1 } } });
    await expect(apiFetch('/concerts/10', z.object({ from: z.string() }))).rejects.toMatchObject({
      status: 200,
    });
  });
});
