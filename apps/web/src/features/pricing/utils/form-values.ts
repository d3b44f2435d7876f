import type { ConcertGradeAvailability } from '@curtaincall/contracts';

/**
 * Chooses or drops a grade, keeping the concert's order (a key the concert no longer has stays
 * at the end until the seller drops it).
 */
export function toggleGradeKey(
  keys: readonly string[],
  key: string,
  grades: readonly ConcertGradeAvailability[],
): string[] {
  const chosen = keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
  const order = grades.map((grade) => grade.code);
  const known = order.filter((code) => chosen.includes(code));
  return [...known, ...chosen.filter((k) => !order.includes(k))];
}

/** Digits as typed -> a number; '' -> `empty`. */
export function numberFrom<E>(text: string, empty: E): number | E {
  return text === '' ? empty : Number(text);
}
