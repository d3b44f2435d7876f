import {
  createShowCreateSchema,
  sellerConcertMessages,
  showMessages,
} from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, formatShortDay, monthWeeks } from './calendar-dates';
import { emptyConcertDraft, type ConcertDraft } from './concert-form';
import { prepareCreateRequest, type CreateInput } from './create-request';
import {
  addTime,
  chosenDates,
  emptySchedule,
  orderedPerformances,
  removeTime,
  setDateValue,
  toggleScheduleDate,
  updateTime,
  type ScheduleDraft,
} from './show-schedule';
import { scheduleErrorsFromServer } from './show-validation';

const today = '2026-11-24';

function sharedDraft(overrides: Partial<ConcertDraft> = {}): ConcertDraft {
  return {
    ...emptyConcertDraft(),
    title: '커튼콜 쇼케이스',
    artist: '커튼콜 밴드',
    venueName: '커튼콜 아트홀',
    totalSeats: '60',
    bookingStartDate: '2026-11-24T10:00',
    bookingEndDate: '2026-12-09T23:00',
    ...overrides,
  };
}

/** A schedule picked on the calendar: the dates in click order, each time given to all. */
function pick(dates: string[], start = '19:00', end = '21:00'): ScheduleDraft {
  let schedule = emptySchedule();
  for (const date of dates) schedule = toggleScheduleDate(schedule, date);
  for (const entry of schedule.dates) {
    for (const time of entry.times) {
      schedule = updateTime(schedule, time.id, { startTime: start, endTime: end });
    }
  }
  return schedule;
}

function input(overrides: Partial<CreateInput>): CreateInput {
  return {
    draft: sharedDraft(),
    schedule: pick(['2026-12-10']),
    maxTicketsPerShow: '',
    today,
    asksSeatCount: true,
    layoutFields: null,
    grades: null,
    ...overrides,
  };
}

describe('calendar dates', () => {
  it('adds days and months across month and year ends, clamping to the last day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', -12)).toBe('2025-12-15');
    expect(formatShortDay('2026-12-20')).toBe('2026.12.20(일)');
    // February 2026 starts on a Sunday and fills four whole weeks.
    expect(monthWeeks('2026-02')).toHaveLength(4);
    expect(monthWeeks('2026-02')[0]?.[0]).toBe('2026-02-01');
  });
});

describe('the schedule the calendar builds', () => {
  it('fills the date still to pick first, then adds dates in order with the times before them', () => {
    let schedule = emptySchedule();
    const [first] = schedule.dates;
    schedule = updateTime(schedule, first?.times[0]?.id ?? '', {
      startTime: '18:00',
      endTime: '20:00',
    });
    schedule = toggleScheduleDate(schedule, '2026-12-20');
    expect(schedule.dates).toHaveLength(1);
    schedule = toggleScheduleDate(schedule, '2026-12-22');
    schedule = toggleScheduleDate(schedule, '2026-12-21');
    expect(schedule.dates.map((d) => d.concertDate)).toEqual([
      '2026-12-20',
      '2026-12-21',
      '2026-12-22',
    ]);
    expect(schedule.dates.map((d) => d.times[0]?.startTime)).toEqual(['18:00', '18:00', '18:00']);
    expect([...chosenDates(schedule)]).toHaveLength(3);
  });

  it('takes a date out on a second click, keeping the times typed on the last one left', () => {
    let schedule = pick(['2026-12-20', '2026-12-21'], '17:00', '19:00');
    schedule = toggleScheduleDate(schedule, '2026-12-20');
    expect(schedule.dates.map((d) => d.concertDate)).toEqual(['2026-12-21']);
    schedule = toggleScheduleDate(schedule, '2026-12-21');
    expect(schedule.dates).toHaveLength(1);
    expect(schedule.dates[0]?.concertDate).toBe('');
    expect(schedule.dates[0]?.times[0]?.startTime).toBe('17:00');
  });

  it('orders performances by date and start time, whatever the order they were added', () => {
    let schedule = pick(['2026-12-21', '2026-12-20'], '19:00', '21:00');
    const saturday = schedule.dates.find((d) => d.concertDate === '2026-12-21');
    schedule = addTime(schedule, saturday?.id ?? '');
    const added = schedule.dates.find((d) => d.concertDate === '2026-12-21')?.times[1];
    schedule = updateTime(schedule, added?.id ?? '', { startTime: '14:00', endTime: '16:00' });
    expect(
      orderedPerformances(schedule).map(
        ({ date, time }) => `${date.concertDate} ${time.startTime}`,
      ),
    ).toEqual(['2026-12-20 19:00', '2026-12-21 14:00', '2026-12-21 19:00']);
    schedule = removeTime(schedule, saturday?.id ?? '', added?.id ?? '');
    expect(orderedPerformances(schedule)).toHaveLength(2);
  });
});

describe('prepareCreateRequest', () => {
  it("sends one performance as the spec's own POST /seller/concerts body", () => {
    const { request, errors } = prepareCreateRequest(input({}));
    expect(errors).toEqual({});
    expect(request).toEqual({
      kind: 'concert',
      payload: {
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
      },
    });
  });

  it('sends several as one show, which the contract accepts', () => {
    const { request } = prepareCreateRequest(
      input({
        schedule: pick(['2026-12-12', '2026-12-10', '2026-12-11']),
        maxTicketsPerShow: '6',
      }),
    );
    expect(request?.kind).toBe('show');
    const body = request?.kind === 'show' ? request.body : null;
    expect(body?.performances?.map((p) => p.concertDate)).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(body).toMatchObject({
      maxTicketsPerShow: 6,
      totalSeats: 60,
      bookingStartDate: '2026-11-24T10:00',
    });
    expect(createShowCreateSchema(() => today).safeParse(body).success).toBe(true);
  });

  it('a per-show limit alone makes one performance a show', () => {
    const { request } = prepareCreateRequest(input({ maxTicketsPerShow: '8' }));
    expect(request?.kind).toBe('show');
  });

  it('with 회차별 설정, each performance carries its own window and prices, and is checked alone', () => {
    let schedule: ScheduleDraft = {
      ...pick(['2026-12-10', '2026-12-20']),
      bookingMode: 'each',
      priceMode: 'each',
    };
    const [first, second] = orderedPerformances(schedule);
    schedule = updateTime(schedule, first?.time.id ?? '', {
      bookingStartDate: '2026-11-25T10:00',
      bookingEndDate: '2026-12-09T23:00',
      prices: { R: '121000' },
    });
    schedule = updateTime(schedule, second?.time.id ?? '', {
      bookingStartDate: '2026-11-25T10:00',
      // After the performance starts.
      bookingEndDate: '2026-12-20T20:00',
    });
    const grades = [
      { code: 'R', name: 'R석', price: 110_000 },
      { code: 'S', name: 'S석', price: 88_000 },
    ];
    const refused = prepareCreateRequest(
      input({ schedule, asksSeatCount: false, layoutFields: { venueId: 7 }, grades }),
    );
    expect(refused.request).toBeNull();
    expect(refused.scheduleErrors.times[second?.time.id ?? '']).toEqual({
      bookingEndDate: sellerConcertMessages.bookingEndAfterShow,
    });
    expect(refused.scheduleErrors.times[first?.time.id ?? '']).toBeUndefined();

    schedule = updateTime(schedule, second?.time.id ?? '', { bookingEndDate: '2026-12-19T23:00' });
    const { request } = prepareCreateRequest(
      input({
        schedule,
        asksSeatCount: false,
        layoutFields: { venueId: 7 },
        grades,
        // The shared window is not asked for with 회차별 설정.
        draft: sharedDraft({ bookingStartDate: '', bookingEndDate: '' }),
      }),
    );
    const body = request?.kind === 'show' ? request.body : null;
    expect(body).not.toHaveProperty('bookingStartDate');
    expect(body).not.toHaveProperty('totalSeats');
    expect(body?.performances?.[0]).toMatchObject({
      bookingEndDate: '2026-12-09T23:00',
      gradePrices: [
        { code: 'R', price: 121_000 },
        { code: 'S', price: 88_000 },
      ],
    });
    expect(createShowCreateSchema(() => today).safeParse(body).success).toBe(true);
  });

  it('puts problems on their rows: a past date, an end before the start, a repeated start', () => {
    let schedule = pick(['2026-12-10', '2026-12-11']);
    const [first, second] = orderedPerformances(schedule);
    schedule = setDateValue(schedule, first?.date.id ?? '', '2026-11-20');
    schedule = updateTime(schedule, second?.time.id ?? '', { endTime: '18:00' });
    const friday = schedule.dates.find((d) => d.id === second?.date.id);
    schedule = addTime(schedule, friday?.id ?? '');
    const repeated = schedule.dates.find((d) => d.id === friday?.id)?.times[1];
    schedule = updateTime(schedule, repeated?.id ?? '', { startTime: '19:00', endTime: '22:00' });
    const { request, scheduleErrors } = prepareCreateRequest(input({ schedule }));
    expect(request).toBeNull();
    expect(scheduleErrors.dates).toEqual({
      [first?.date.id ?? '']: sellerConcertMessages.concertDatePast,
    });
    expect(scheduleErrors.times[second?.time.id ?? '']).toEqual({
      endTime: sellerConcertMessages.endBeforeStart,
    });
    expect(scheduleErrors.times[repeated?.id ?? '']).toEqual({
      startTime: showMessages.performanceDuplicate,
    });
  });

  it('says a shared window that ends after a performance starts on the shared field and that row', () => {
    const schedule = pick(['2026-12-05', '2026-12-20']);
    const early = orderedPerformances(schedule)[0];
    const { errors, scheduleErrors } = prepareCreateRequest(input({ schedule }));
    expect(errors.bookingEndDate).toBe(sellerConcertMessages.bookingEndAfterShow);
    expect(scheduleErrors.times[early?.time.id ?? '']).toEqual({
      bookingEndDate: sellerConcertMessages.bookingEndAfterShow,
    });
    // With one performance the shared field alone says it.
    const single = prepareCreateRequest(input({ schedule: pick(['2026-12-05']) }));
    expect(single.errors.bookingEndDate).toBe(sellerConcertMessages.bookingEndAfterShow);
    expect(single.scheduleErrors.times).toEqual({});
  });

  it('refuses a per-show limit under the per-person one, in the contract words', () => {
    const { errors } = prepareCreateRequest(
      input({ maxTicketsPerShow: '2', schedule: pick(['2026-12-05', '2026-12-06']) }),
    );
    expect(errors.maxTicketsPerShow).toBe(showMessages.maxTicketsPerShowBelowPerUser);
  });
});

describe('scheduleErrorsFromServer', () => {
  it('puts performances[i].field on the i-th performance by date and time, the rest aside', () => {
    const schedule = pick(['2026-12-22', '2026-12-20', '2026-12-21']);
    const ordered = orderedPerformances(schedule);
    const { schedule: errors, rest } = scheduleErrorsFromServer(
      [
        { field: 'performances[2].startTime', message: showMessages.performanceDuplicate },
        { field: 'performances.0.concertDate', message: sellerConcertMessages.concertDatePast },
        {
          field: 'performances[1].gradePrices[0].code',
          message: '좌석 배치에 없는 등급 코드입니다.',
        },
        { field: 'title', message: sellerConcertMessages.titleRequired },
      ],
      schedule,
      { isSingleRequest: false },
    );
    expect(ordered[2]?.date.concertDate).toBe('2026-12-22');
    expect(errors.times[ordered[2]?.time.id ?? '']).toEqual({
      startTime: showMessages.performanceDuplicate,
    });
    expect(errors.dates[ordered[0]?.date.id ?? '']).toBe(sellerConcertMessages.concertDatePast);
    expect(errors.times[ordered[1]?.time.id ?? '']).toEqual({
      gradePrices: '좌석 배치에 없는 등급 코드입니다.',
    });
    expect(rest).toEqual([{ field: 'title', message: sellerConcertMessages.titleRequired }]);
  });

  it("puts the spec request's date and time errors on its only row", () => {
    const schedule = pick(['2026-12-20']);
    const [only] = orderedPerformances(schedule);
    const { schedule: errors, rest } = scheduleErrorsFromServer(
      [
        { field: 'concertDate', message: sellerConcertMessages.concertDatePast },
        { field: 'bookingEndDate', message: sellerConcertMessages.bookingEndAfterShow },
      ],
      schedule,
      { isSingleRequest: true },
    );
    expect(errors.dates[only?.date.id ?? '']).toBe(sellerConcertMessages.concertDatePast);
    expect(rest).toEqual([
      { field: 'bookingEndDate', message: sellerConcertMessages.bookingEndAfterShow },
    ]);
  });
});
