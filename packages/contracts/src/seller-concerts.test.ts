import { describe, expect, it } from 'vitest';
import './zod-setup';
import {
  bookingInstant,
  concertTimeIssues,
  concertUpdateSchema,
  createConcertCreateSchema,
  isAllowedStatusChange,
  sellerConcertMessages,
  showStartInstant,
} from './seller-concerts';

const today = '2030-05-10';
const schema = createConcertCreateSchema(() => today);
const valid = {
  title: '  봄 콘서트  ',
  artist: '밴드',
  description: '',
  venueName: '홀',
  venueAddress: '   ',
  concertDate: '2030-06-01',
  startTime: '19:00',
  endTime: '21:30:00',
  totalSeats: '8000',
  bookingStartDate: '2030-05-11T10:00',
  bookingEndDate: '2030-05-31T23:59:30',
  minAge: '0',
  maxTicketsPerUser: 4,
  posterImageUrl: '',
  status: 'SCHEDULED',
};

describe('ConcertCreate', () => {
  it('trims, turns blanks into null and numeric strings into numbers', () => {
    expect(schema.parse(valid)).toMatchObject({
      title: '봄 콘서트',
      description: null,
      venueAddress: null,
      totalSeats: 8000,
      minAge: 0,
      posterImageUrl: null,
    });
  });

  it('fills the defaults of keys left out', () => {
    const { minAge: _a, maxTicketsPerUser: _b, status: _c, ...rest } = valid;
    expect(schema.parse(rest)).toMatchObject({
      minAge: 0,
      maxTicketsPerUser: 4,
      status: 'SCHEDULED',
    });
  });

  it('measures "in the future" against the given today', () => {
    const result = schema.safeParse({ ...valid, concertDate: today });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['concertDate'],
      message: sellerConcertMessages.concertDatePast,
    });
    expect(
      createConcertCreateSchema(() => '2030-05-09').safeParse({ ...valid, concertDate: today })
        .success,
    ).toBe(false);
  });

  it('refuses impossible dates and times, and numbers that are not whole', () => {
    for (const [field, value] of [
      ['concertDate', '2030-02-30'],
      ['startTime', '24:00'],
      ['endTime', '7:00'],
      ['bookingStartDate', '2030-05-11 10:00'],
      ['totalSeats', '1.5'],
      ['totalSeats', true],
      ['minAge', null],
    ] as const) {
      expect(
        schema.safeParse({ ...valid, [field]: value }).success,
        `${field}=${String(value)}`,
      ).toBe(false);
    }
  });
});

describe('the rules between fields', () => {
  const times = {
    concertDate: '2030-06-01',
    startTime: '19:00',
    endTime: '21:00',
    bookingStartDate: '2030-05-11T10:00',
    bookingEndDate: '2030-06-01T19:00',
  };
  it('lets the booking window end exactly when the show starts, not a second later', () => {
    expect(concertTimeIssues(times, today)).toEqual([]);
    expect(concertTimeIssues({ ...times, bookingEndDate: '2030-06-01T19:00:01' }, today)).toEqual([
      { field: 'bookingEndDate', message: sellerConcertMessages.bookingEndAfterShow },
    ]);
  });

  it('needs the end after the start, and skips the date check without a today', () => {
    expect(concertTimeIssues({ ...times, endTime: '19:00:00' }, null)).toEqual([
      { field: 'endTime', message: sellerConcertMessages.endBeforeStart },
    ]);
    expect(
      concertTimeIssues(
        {
          ...times,
          concertDate: '2020-01-01',
          bookingEndDate: '2019-12-31T10:00',
          bookingStartDate: '2019-12-01T10:00',
        },
        null,
      ),
    ).toEqual([]);
  });
});

describe('instants', () => {
  it('reads wall-clock values as Seoul time and zoned values as the instant they name', () => {
    expect(bookingInstant('2030-05-11T10:00').toISOString()).toBe('2030-05-11T01:00:00.000Z');
    expect(bookingInstant('2030-05-11T10:00:30').toISOString()).toBe('2030-05-11T01:00:30.000Z');
    expect(bookingInstant('2030-05-11T01:00:00.000Z').toISOString()).toBe(
      '2030-05-11T01:00:00.000Z',
    );
    expect(bookingInstant('2030-05-11T10:00+09:00').toISOString()).toBe('2030-05-11T01:00:00.000Z');
    expect(showStartInstant('2030-06-01', '19:00').toISOString()).toBe('2030-06-01T10:00:00.000Z');
  });
});

describe('status changes by hand', () => {
  it('allows unchanged, SCHEDULED <-> ON_SALE and anything to CANCELLED only', () => {
    expect(isAllowedStatusChange('SOLD_OUT', 'SOLD_OUT')).toBe(true);
    expect(isAllowedStatusChange('SCHEDULED', 'ON_SALE')).toBe(true);
    expect(isAllowedStatusChange('ON_SALE', 'SCHEDULED')).toBe(true);
    expect(isAllowedStatusChange('COMPLETED', 'CANCELLED')).toBe(true);
    expect(isAllowedStatusChange('ON_SALE', 'SOLD_OUT')).toBe(false);
    expect(isAllowedStatusChange('SOLD_OUT', 'ON_SALE')).toBe(false);
    expect(isAllowedStatusChange('CANCELLED', 'ON_SALE')).toBe(false);
  });

  it('a partial update takes any subset, null clearing the optional texts', () => {
    expect(concertUpdateSchema.parse({ description: null, totalSeats: '10' })).toEqual({
      description: null,
      totalSeats: 10,
    });
    expect(concertUpdateSchema.safeParse({ title: null }).success).toBe(false);
  });
});
