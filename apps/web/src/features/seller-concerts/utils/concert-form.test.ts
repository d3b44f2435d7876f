import { posterUploadMessages, sellerConcertMessages } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeConcert } from '@/test/fixtures';
import {
  checkPosterFile,
  draftFromConcert,
  emptyConcertDraft,
  errorsFromServer,
  isDraftChanged,
  posterTooLargeMessage,
  validateConcertDraft,
  type ConcertDraft,
} from './concert-form';
import { formatListRange } from './seller-concert-texts';

const today = '2026-11-24';

function validDraft(overrides: Partial<ConcertDraft> = {}): ConcertDraft {
  return {
    ...emptyConcertDraft(),
    title: '커튼콜 쇼케이스',
    artist: '커튼콜 밴드',
    venueName: '커튼콜 아트홀',
    concertDate: '2026-12-10',
    startTime: '19:00',
    endTime: '21:00',
    totalSeats: '60',
    bookingStartDate: '2026-11-24T10:00',
    bookingEndDate: '2026-12-09T23:00',
    ...overrides,
  };
}

describe('validateConcertDraft (seller-admin-side.md §5 "Concert form")', () => {
  it('gives the body the server expects for a valid form, HH:mm kept as typed', () => {
    const { payload, errors } = validateConcertDraft(validDraft({ description: '  ' }), today);
    expect(errors).toEqual({});
    expect(payload).toEqual({
      title: '커튼콜 쇼케이스',
      artist: '커튼콜 밴드',
      description: null,
      venueName: '커튼콜 아트홀',
      venueAddress: null,
      concertDate: '2026-12-10',
      startTime: '19:00',
      endTime: '21:00',
      totalSeats: 60,
      bookingStartDate: '2026-11-24T10:00',
      bookingEndDate: '2026-12-09T23:00',
      minAge: 0,
      maxTicketsPerUser: 4,
      posterImageUrl: null,
      status: 'SCHEDULED',
    });
  });

  it('accepts HH:mm:ss times and booking times with seconds', () => {
    const { errors, payload } = validateConcertDraft(
      validDraft({
        startTime: '19:00:30',
        endTime: '21:30:00',
        bookingEndDate: '2026-12-09T23:00:15',
      }),
      today,
    );
    expect(errors).toEqual({});
    expect(payload?.startTime).toBe('19:00:30');
  });

  it('names every required field with its message', () => {
    const { payload, errors } = validateConcertDraft(emptyConcertDraft(), today);
    expect(payload).toBeNull();
    expect(errors).toMatchObject({
      title: sellerConcertMessages.titleRequired,
      artist: sellerConcertMessages.artistRequired,
      venueName: sellerConcertMessages.venueNameRequired,
      concertDate: sellerConcertMessages.concertDateRequired,
      startTime: sellerConcertMessages.startTimeRequired,
      endTime: sellerConcertMessages.endTimeRequired,
      totalSeats: sellerConcertMessages.totalSeats,
      bookingStartDate: sellerConcertMessages.bookingStartRequired,
      bookingEndDate: sellerConcertMessages.bookingEndRequired,
    });
  });

  it('enforces the lengths (title 100, artist 50, venue 100, description 1000, address 200)', () => {
    const { errors } = validateConcertDraft(
      validDraft({
        title: '가'.repeat(101),
        artist: 'a'.repeat(51),
        venueName: '나'.repeat(101),
        description: '다'.repeat(1001),
        venueAddress: '라'.repeat(201),
      }),
      today,
    );
    expect(errors).toEqual({
      title: sellerConcertMessages.titleTooLong,
      artist: sellerConcertMessages.artistTooLong,
      venueName: sellerConcertMessages.venueNameTooLong,
      description: sellerConcertMessages.descriptionTooLong,
      venueAddress: sellerConcertMessages.venueAddressTooLong,
    });
    expect(validateConcertDraft(validDraft({ title: '가'.repeat(100) }), today).errors).toEqual({});
  });

  it.each([
    ['0', sellerConcertMessages.totalSeats],
    ['100001', sellerConcertMessages.totalSeats],
    ['1.5', sellerConcertMessages.totalSeats],
  ])('refuses %s seats', (totalSeats, message) => {
    expect(validateConcertDraft(validDraft({ totalSeats }), today).errors).toEqual({
      totalSeats: message,
    });
  });

  it('keeps minAge within 0-100 and tickets per buyer within 1-10', () => {
    expect(
      validateConcertDraft(validDraft({ minAge: '101', maxTicketsPerUser: '11' }), today).errors,
    ).toEqual({
      minAge: sellerConcertMessages.minAge,
      maxTicketsPerUser: sellerConcertMessages.maxTicketsPerUser,
    });
    expect(
      validateConcertDraft(validDraft({ minAge: '100', maxTicketsPerUser: '1' }), today).errors,
    ).toEqual({});
  });

  it('wants the show after today, the end after the start and the booking window before the show', () => {
    expect(validateConcertDraft(validDraft({ concertDate: today }), today).errors).toMatchObject({
      concertDate: sellerConcertMessages.concertDatePast,
    });
    expect(validateConcertDraft(validDraft({ endTime: '19:00' }), today).errors).toEqual({
      endTime: sellerConcertMessages.endBeforeStart,
    });
    expect(
      validateConcertDraft(validDraft({ bookingEndDate: '2026-11-24T09:00' }), today).errors,
    ).toEqual({ bookingEndDate: sellerConcertMessages.bookingEndBeforeStart });
    // The show starts 2026-12-10 19:00; booking may run until then, not past it.
    expect(
      validateConcertDraft(validDraft({ bookingEndDate: '2026-12-10T19:00' }), today).errors,
    ).toEqual({});
    expect(
      validateConcertDraft(validDraft({ bookingEndDate: '2026-12-10T19:01' }), today).errors,
    ).toEqual({ bookingEndDate: sellerConcertMessages.bookingEndAfterShow });
  });

  it('refuses a poster URL that is not http(s)', () => {
    expect(
      validateConcertDraft(validDraft({ posterImageUrl: 'javascript:alert(1)' }), today).errors,
    ).toEqual({ posterImageUrl: sellerConcertMessages.posterImageUrl });
    expect(
      validateConcertDraft(validDraft({ posterImageUrl: 'https://cdn.example.com/p.webp' }), today)
        .errors,
    ).toEqual({});
  });

  it('in edit mode leaves an unchanged show date alone, as the server does', () => {
    const concert = makeConcert({
      concertDate: '2026-11-24',
      startTime: '19:00:00',
      endTime: '21:00:00',
      bookingStartDate: '2026-11-01T10:00:00',
      bookingEndDate: '2026-11-24T18:00:00',
      status: 'ON_SALE',
    });
    const original = draftFromConcert({
      ...concert,
      showId: 1,
      refundsPending: 0,
      refundsDone: 0,
      soldSeats: 0,
      cancelDeadlineDays: 3,
    });
    expect(original.startTime).toBe('19:00');
    expect(original.bookingEndDate).toBe('2026-11-24T18:00');
    const edited = { ...original, title: '새 제목' };
    expect(validateConcertDraft(edited, today, original).errors).toEqual({});
    expect(validateConcertDraft(edited, today).errors).toEqual({
      concertDate: sellerConcertMessages.concertDatePast,
    });
  });
});

describe('form helpers', () => {
  it('tells a changed draft from the original', () => {
    const initial = emptyConcertDraft();
    expect(isDraftChanged({ ...initial }, initial)).toBe(false);
    expect(isDraftChanged({ ...initial, title: '가' }, initial)).toBe(true);
  });

  it("puts a 400 answer's errors[] on the fields and keeps the rest", () => {
    expect(
      errorsFromServer([
        { field: 'title', message: sellerConcertMessages.titleRequired },
        { field: 'title', message: 'second' },
        { field: 'body', message: '본문 오류' },
      ]),
    ).toEqual({ errors: { title: sellerConcertMessages.titleRequired }, rest: ['본문 오류'] });
  });

  it('checks a poster file before it is sent (§5 "Poster file")', () => {
    const file = (name: string, size: number, type = 'image/png') =>
      new File([new Uint8Array(size)], name, { type });
    expect(checkPosterFile(file('poster.png', 10))).toBeNull();
    expect(checkPosterFile(file('poster.JPG', 10, 'image/jpeg'))).toBeNull();
    expect(checkPosterFile(file('empty.png', 0))).toBe(posterUploadMessages.fileRequired);
    expect(checkPosterFile(file('big.png', 10 * 1024 * 1024 + 1))).toBe(posterTooLargeMessage);
    expect(checkPosterFile(file(`${'a'.repeat(252)}.png`, 10))).toBe(
      posterUploadMessages.fileNameTooLong,
    );
    expect(checkPosterFile(file('a?b.png', 10))).toBe(posterUploadMessages.fileNameCharacters);
    expect(checkPosterFile(file('doc.pdf', 10, 'application/pdf'))).toBe(
      posterUploadMessages.fileType,
    );
  });
});

describe("the list's range line ('total N, showing a-b')", () => {
  it.each([
    [0, 10, 0, '총 0개'],
    [0, 10, 7, '총 7개 중 1-7번째 표시'],
    [1, 10, 25, '총 25개 중 11-20번째 표시'],
    [2, 10, 25, '총 25개 중 21-25번째 표시'],
    [0, 100, 1234, '총 1,234개 중 1-100번째 표시'],
  ])('page %i of size %i with %i concerts reads %s', (page, size, total, text) => {
    expect(formatListRange(page, size, total)).toBe(text);
  });
});
