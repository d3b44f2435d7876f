import { formatPhoneNumber } from '@curtaincall/contracts';

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
 * Phone numbers grouped by their Korean pattern (seller-admin-side.md §5): '02-123-4567',
 * '031-123-4567', '010-1234-5678', '1588-1234', '0505-123-4567'; one function for every phone
 * input and display (contracts' formatPhoneNumber). A partial number is grouped as far as it goes.
 */
export function formatPhone(value: string | null | undefined): string {
  return formatPhoneNumber(value ?? '');
}
