import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  formatPhoneNumber,
  loginBodySchema,
  registerBodySchema,
  requiredMessage,
} from './auth';
import { errorCodes, errorMessages, errorStatus } from './errors';
import { withObjectParticle, withTopicParticle } from './korean';

const valid = {
  email: 'fan@example.com',
  username: 'fan2025',
  password: 'secret12!',
  confirmPassword: 'secret12!',
  name: '홍길동',
  nickname: '콘서트러버',
  phone: '010-1234-5678',
  address: '서울특별시 중구',
  isSocialUser: 'false',
};

function messagesFor(input: Record<string, unknown>, field: string): string[] {
  const result = registerBodySchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('registerBodySchema', () => {
  it('accepts a valid registration', () => {
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['email', '', requiredMessage('email')],
    ['email', 'a@b', accountMessages.emailFormat],
    ['email', 'no-at-sign.com', accountMessages.emailFormat],
    ['username', '', requiredMessage('username')],
    ['username', 'abc', accountMessages.username],
    ['username', 'a'.repeat(21), accountMessages.username],
    ['username', 'Fan2025', accountMessages.username],
    ['username', 'fan_2025', accountMessages.username],
    ['password', '', requiredMessage('password')],
    ['password', 'abc12!', accountMessages.password],
    ['password', 'abcdefgh!', accountMessages.password],
    ['password', 'abcd12345', accountMessages.password],
    ['password', '12345678!', accountMessages.password],
    ['password', 'Abcd1234!', accountMessages.password],
    ['password', 'abcd1234!~', accountMessages.password],
    ['name', '', requiredMessage('name')],
    ['name', '가'.repeat(101), accountMessages.nameTooLong],
    ['nickname', '', requiredMessage('nickname')],
    ['nickname', '가'.repeat(21), accountMessages.nickname],
    ['nickname', '팬 01', accountMessages.nickname],
    ['phone', '', requiredMessage('phone')],
    ['phone', '01012345678', accountMessages.phone],
    ['phone', '010-123-456', accountMessages.phone],
    ['phone', '012-1234-5678', accountMessages.phone],
    ['phone', '015-1234-5678', accountMessages.phone],
    ['address', '', requiredMessage('address')],
  ])('%s = %j -> %s', (field, value, message) => {
    const input = {
      ...valid,
      [field]: value,
      ...(field === 'password' ? { confirmPassword: value } : {}),
    };
    expect(messagesFor(input, field)).toContain(message);
  });

  it.each([
    '010-123-4567',
    '011-1234-5678',
    '016-123-4567',
    '017-1234-5678',
    '018-123-4567',
    '019-1234-5678',
  ])('accepts the phone %s', (phone) => {
    expect(messagesFor({ ...valid, phone }, 'phone')).toEqual([]);
  });

  it('accepts every allowed special character in a password', () => {
    for (const special of '!@#$%^&*()_+=-') {
      const password = `abcd123${special}`;
      expect(messagesFor({ ...valid, password, confirmPassword: password }, 'password')).toEqual(
        [],
      );
    }
  });

  it('requires confirmPassword and that it matches', () => {
    expect(messagesFor({ ...valid, confirmPassword: '' }, 'confirmPassword')).toEqual([
      requiredMessage('confirmPassword'),
    ]);
    expect(messagesFor({ ...valid, confirmPassword: 'secret12@' }, 'confirmPassword')).toEqual([
      accountMessages.passwordMismatch,
    ]);
  });

  it('lets social sign-up skip the password fields', () => {
    const result = registerBodySchema.safeParse({
      ...valid,
      password: '',
      confirmPassword: '',
      isSocialUser: 'true',
    });
    expect(result.success).toBe(true);
  });

  it('trims text fields', () => {
    const result = registerBodySchema.parse({
      ...valid,
      name: '  홍길동 ',
      email: ' fan@example.com ',
    });
    expect(result.name).toBe('홍길동');
    expect(result.email).toBe('fan@example.com');
  });
});

describe('loginBodySchema', () => {
  it('needs both fields, with one message', () => {
    for (const body of [{ username: '', password: 'x' }, { username: 'x', password: '' }, {}]) {
      const result = loginBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('아이디와 비밀번호를 모두 입력해주세요.');
    }
  });
});

describe('formatPhoneNumber', () => {
  it.each([
    ['010', '010'],
    ['0101', '010-1'],
    ['0101234', '010-1234'],
    ['01012345', '010-123-45'],
    ['0101234567', '010-123-4567'],
    ['01012345678', '010-1234-5678'],
    ['010123456789', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    ['abc010def1234', '010-1234'],
    // Seoul: a 2-digit area code, 2-3-4 and 2-4-4.
    ['02', '02'],
    ['021', '02-1'],
    ['021234', '02-1234'],
    ['0212345', '02-123-45'],
    ['021234567', '02-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['02123456789', '02-1234-5678'],
    // Other area codes: 3-3-4 and 3-4-4.
    ['0311234567', '031-123-4567'],
    ['03112345678', '031-1234-5678'],
    ['0641234567', '064-123-4567'],
    // Internet phones and free calls.
    ['07012345678', '070-1234-5678'],
    ['0801234567', '080-123-4567'],
    // 050 personal numbers: a 4-digit prefix.
    ['05051234567', '0505-123-4567'],
    ['050512345678', '0505-1234-5678'],
    ['0505123', '0505-123'],
    // National business numbers: 4-4, no area code.
    ['15881234', '1588-1234'],
    ['1588-1234', '1588-1234'],
    ['1644', '1644'],
    ['16441', '1644-1'],
    ['180012345', '1800-1234'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhoneNumber(input)).toBe(expected);
  });
});

describe('Korean particles', () => {
  it('picks 은/는 and 을/를 by the final consonant', () => {
    expect(withTopicParticle('이메일')).toBe('이메일은');
    expect(withTopicParticle('아이디')).toBe('아이디는');
    expect(withObjectParticle('전화번호')).toBe('전화번호를');
    expect(withObjectParticle('주소')).toBe('주소를');
    expect(withObjectParticle('이름')).toBe('이름을');
    expect(requiredMessage('nickname')).toBe('닉네임은 필수입니다.');
  });
});

describe('error codes', () => {
  it('every code has a status and a Korean message', () => {
    for (const code of errorCodes) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorMessages[code]).toMatch(/[가-힣]/);
    }
  });

  it('keeps the contract statuses and texts the client depends on', () => {
    expect(errorStatus.B003).toBe(409);
    expect(errorMessages.B003).toContain('유저');
    expect(errorStatus.B012).toBe(400);
    expect(errorMessages.B012).toContain('최대 2개');
    expect(errorMessages.B009).toBe('이미 취소된 예매입니다.');
    expect(errorStatus.Q002).toBe(403);
    expect(errorStatus.A006).toBe(401);
    expect(errorStatus.P001).toBe(403);
  });
});
