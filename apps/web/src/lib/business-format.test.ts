import { describe, expect, it } from 'vitest';
import { digitsOnly, formatBusinessNumber, formatPhone } from './business-format';

describe('digitsOnly', () => {
  it('drops everything but digits and cuts at the given length', () => {
    expect(digitsOnly('123-45 abc 67890')).toBe('1234567890');
    expect(digitsOnly('010-1234-5678-99', 11)).toBe('01012345678');
    expect(digitsOnly('０１２')).toBe('');
  });
});

describe('formatBusinessNumber', () => {
  it('groups 3-2-5, also while typing', () => {
    expect(formatBusinessNumber('1234567890')).toBe('123-45-67890');
    expect(formatBusinessNumber('123')).toBe('123');
    expect(formatBusinessNumber('1234')).toBe('123-4');
    expect(formatBusinessNumber('123456')).toBe('123-45-6');
    expect(formatBusinessNumber(null)).toBe('');
  });
});

describe('formatPhone', () => {
  it('groups Seoul numbers 2-3-4 and 2-4-4', () => {
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
  });

  it('groups 1588 numbers 4-4 and 0505 numbers 4-3-4', () => {
    expect(formatPhone('15881234')).toBe('1588-1234');
    expect(formatPhone('05051234567')).toBe('0505-123-4567');
    expect(formatPhone('07012345678')).toBe('070-1234-5678');
  });

  it('groups other numbers 3-3-4 and 3-4-4', () => {
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
  });

  it('groups a partial number as far as it goes', () => {
    expect(formatPhone('010')).toBe('010');
    expect(formatPhone('0101')).toBe('010-1');
    expect(formatPhone('0101234')).toBe('010-1234');
    expect(formatPhone('01012345')).toBe('010-123-45');
    expect(formatPhone(undefined)).toBe('');
  });
});
