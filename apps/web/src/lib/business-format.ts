/** Keeps only the digits of what was typed or pasted (seller-admin-side.md §2 "Numeric inputs"). */
export function digitsOnly(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

export const businessNumberLength = 10;
export const phoneMaxLength = 11;

/** '1234567890' -> '123-45-67890' (3-2-5); a partial number is grouped as far as it goes. */
export function formatBusinessNumber(value: string | null | undefined): string {
  const digits = digitsOnly(value ?? '', businessNumberLength);
  const groups = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)];
  return groups.filter(Boolean).join('-');
}

/**
 * Phone numbers grouped 2-3/3-4/4 (seller-admin-side.md §5): Seoul numbers start with a 2-digit
 * area code ('02-123-4567', '02-1234-5678'), all others with 3 ('031-123-4567',
 * '010-1234-5678'). A partial number is grouped as far as it goes.
 */
export function formatPhone(value: string | null | undefined): string {
  const digits = digitsOnly(value ?? '', phoneMaxLength);
  const areaLength = digits.startsWith('02') ? 2 : 3;
  if (digits.length <= areaLength) return digits;
  const area = digits.slice(0, areaLength);
  const rest = digits.slice(areaLength);
  if (rest.length <= 4) return `${area}-${rest}`;
  // The last 4 digits form the final group; the middle takes what is left (3 or 4).
  const middleLength = Math.min(4, Math.max(3, rest.length - 4));
  return [area, rest.slice(0, middleLength), rest.slice(middleLength)].filter(Boolean).join('-');
}
