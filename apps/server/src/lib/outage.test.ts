import { describe, expect, it } from 'vitest';
import { DependencyStartError, isDependencyOutage } from './outage';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyOutage', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED')],
    [
      'ioredis without a connection',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['an ioredis timeout', new Error('Command timed out')],
    ['a pg query timeout', new Error('Query read timeout')],
    ['a pg connect timeout', new Error('timeout expired')],
    ['a pg pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['a dropped pg connection', new Error('Connection terminated unexpectedly')],
    [
      'PostgreSQL shutting down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a connection exception', withCode('connection failure', '08006')],
    [
      "PostgreSQL's statement_timeout",
      withCode('canceling statement due to statement timeout', '57014'),
    ],
    [
      "PostgreSQL's idle_in_transaction_session_timeout",
      withCode('terminating connection due to idle-in-transaction timeout', '25P03'),
    ],
    [
      'a driver error wrapped by drizzle',
      new Error('Failed query: select 1', { cause: new Error('Query read timeout') }),
    ],
  ])('recognises %s', (_name, error) => {
    expect(isDependencyOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('leaves %s to the generic 500', (_name, error) => {
    expect(isDependencyOutage(error)).toBe(false);
  });
});

describe('DependencyStartError', () => {
  it('is one line naming the variable, with the reason the driver gave', () => {
    const error = new DependencyStartError('REDIS_URL', withCode('', 'ECONNREFUSED'));
    expect(error.message).toBe(
      'REDIS_URL: Redis에 연결할 수 없습니다. 주소와 서버 상태를 확인해주세요. (ECONNREFUSED)',
    );
  });
});
