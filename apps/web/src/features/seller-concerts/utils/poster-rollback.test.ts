import { describe, expect, it } from 'vitest';
import {
  discardUnusedUploads,
  rollbackPosterUploads,
  type PosterRollbackCalls,
} from './poster-rollback';

/** Fake calls that record their order; `failing` URLs are refused. */
function recorder(failing: string[] = []) {
  const calls: string[] = [];
  const fake: PosterRollbackCalls = {
    deleteTemp: (sellerId, fileUrl) => {
      calls.push(`temp ${sellerId} ${fileUrl}`);
      return failing.includes(fileUrl) ? Promise.reject(new Error('x')) : Promise.resolve();
    },
    deleteSpecific: (sellerId, concertId, fileUrl) => {
      calls.push(`specific ${sellerId} ${concertId} ${fileUrl}`);
      return failing.includes(fileUrl) ? Promise.reject(new Error('x')) : Promise.resolve();
    },
    restore: (sellerId, concertId, originalUrl) => {
      calls.push(`restore ${sellerId} ${concertId} ${originalUrl}`);
      return Promise.resolve();
    },
  };
  return { calls, fake };
}

const a = 'https://cc.test/uploads/posters/a.webp';
const b = 'https://cc.test/uploads/posters/b.webp';
const original = 'https://cc.test/uploads/posters/original.webp';

describe('rollbackPosterUploads (api-contract.md §11.3)', () => {
  it('create mode: deletes every upload of the session as a temp file', async () => {
    const { calls, fake } = recorder();
    const result = await rollbackPosterUploads({ mode: 'create', sellerId: 7 }, [a, b], fake);
    expect(calls).toEqual([`temp 7 ${a}`, `temp 7 ${b}`]);
    expect(result.failed).toEqual([]);
  });

  it('edit mode: deletes each upload for the concert, then restores the original poster', async () => {
    const { calls, fake } = recorder();
    await rollbackPosterUploads(
      { mode: 'edit', sellerId: 7, concertId: 3, originalUrl: original },
      [a, b],
      fake,
    );
    expect(calls).toEqual([`specific 7 3 ${a}`, `specific 7 3 ${b}`, `restore 7 3 ${original}`]);
  });

  it('edit mode without an original poster only deletes', async () => {
    const { calls, fake } = recorder();
    await rollbackPosterUploads(
      { mode: 'edit', sellerId: 7, concertId: 3, originalUrl: null },
      [a],
      fake,
    );
    expect(calls).toEqual([`specific 7 3 ${a}`]);
  });

  it('keeps going after a refused delete and reports it', async () => {
    const { calls, fake } = recorder([a]);
    const result = await rollbackPosterUploads({ mode: 'create', sellerId: 7 }, [a, b], fake);
    expect(calls).toEqual([`temp 7 ${a}`, `temp 7 ${b}`]);
    expect(result.failed).toEqual([a]);
  });

  it('does nothing without uploads', async () => {
    const { calls, fake } = recorder();
    await rollbackPosterUploads(
      { mode: 'edit', sellerId: 7, concertId: 3, originalUrl: original },
      [],
      fake,
    );
    expect(calls).toEqual([]);
  });

  it('after a save, removes only the uploads the concert does not show', async () => {
    const { calls, fake } = recorder();
    await discardUnusedUploads(7, [a, b], b, fake);
    expect(calls).toEqual([`temp 7 ${a}`]);
  });
});
