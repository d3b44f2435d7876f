import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="curtaincall-AB12CD.pdf"', 'curtaincall-AB12CD.pdf'],
    ['attachment; filename=curtaincall-AB12CD.pdf', 'curtaincall-AB12CD.pdf'],
    [`attachment; filename="ticket.pdf"; filename*=UTF-8''%ED%8B%B0%EC%BC%93.pdf`, '티켓.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    ['attachment; filename=""', null],
    [null, null],
  ])('%j -> %j', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
