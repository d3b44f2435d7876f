import { describe, expect, it } from 'vitest';
import { formatEta } from './format-eta';

describe('formatEta', () => {
  it.each([
    [null, '예상 시간 계산 중'],
    [undefined, '예상 시간 계산 중'],
    [0, '잠시 후 입장'],
    [9, '잠시 후 입장'],
    [45, '약 45초'],
    [60, '약 1분'],
    [200, '약 3분 20초'],
    [3_900, '약 1시간 5분'],
    [7_200, '약 2시간'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatEta(seconds)).toBe(text);
  });
});
