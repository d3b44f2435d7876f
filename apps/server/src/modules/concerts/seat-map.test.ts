import { describe, expect, it } from 'vitest';
import { planSeatMap, sectionName } from './seat-map';

describe('planSeatMap', () => {
  it.each([1, 2, 3, 60, 120, 999, 1_200, 5_000, 50_000, 100_000])(
    'places exactly %i seats in sections without "-"',
    (total) => {
      const sections = planSeatMap(total);
      expect(sections.reduce((sum, s) => sum + s.seatCount, 0)).toBe(total);
      for (const section of sections) {
        expect(section.name).toMatch(/^[A-Z]+$/);
        expect(section.seatsPerRow).toBeGreaterThan(0);
      }
      expect(new Set(sections.map((s) => s.name)).size).toBe(sections.length);
    },
  );

  it('gives every concert of 3+ seats all three grades, dearest at the front', () => {
    for (const total of [3, 60, 1_200, 50_000]) {
      const grades = planSeatMap(total).map((s) => s.gradeIndex);
      expect(new Set(grades)).toEqual(new Set([0, 1, 2]));
      expect([...grades].sort((a, b) => a - b)).toEqual(grades);
    }
  });

  it('splits a stadium into 50 sections of 1,000 seats, 50 to a row', () => {
    const sections = planSeatMap(50_000);
    expect(sections).toHaveLength(50);
    expect(sections[0]).toMatchObject({
      name: 'A',
      seatCount: 1_000,
      seatsPerRow: 50,
      gradeIndex: 0,
    });
    expect(sections[49]?.name).toBe('AX');
  });

  it('refuses nonsense sizes', () => {
    expect(planSeatMap(0)).toEqual([]);
    expect(planSeatMap(-5)).toEqual([]);
    expect(planSeatMap(2.5)).toEqual([]);
  });
});

describe('sectionName', () => {
  it('counts like spreadsheet columns', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(sectionName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
    ]);
  });
});
