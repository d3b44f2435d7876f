import { createShowCreateSchema, paymentMessages } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import {
  cancelDeadlineChange,
  emptyConcertDraft,
  parseCancelDeadlineDays,
  validateConcertDraft,
  type ConcertDraft,
} from './concert-form';
import { prepareCreateRequest } from './create-request';
import { emptySchedule, toggleScheduleDate, updateTime, type ScheduleDraft } from './show-schedule';

/**
 * 취소 마감 (issue 27): '공연 N일 전까지', checked by the contract's `cancelDeadlineDaysSchema`,
 * and sent as `cancelDeadlineDays` only when the seller changed it, so the default form's body
 * stays the spec's.
 */

const today = '2026-11-24';

function draft(overrides: Partial<ConcertDraft> = {}): ConcertDraft {
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

function schedule(dates: string[]): ScheduleDraft {
  let result = emptySchedule();
  for (const date of dates) result = toggleScheduleDate(result, date);
  for (const entry of result.dates) {
    for (const time of entry.times) {
      result = updateTime(result, time.id, { startTime: '19:00', endTime: '21:00' });
    }
  }
  return result;
}

function create(cancelDeadlineDays: string, dates = ['2026-12-10']) {
  return prepareCreateRequest({
    draft: draft({ cancelDeadlineDays }),
    schedule: schedule(dates),
    maxTicketsPerShow: '',
    today,
    asksSeatCount: true,
    layoutFields: null,
    grades: null,
  });
}

describe('취소 마감', () => {
  it('starts at the spec’s 3 days and reads 1-30 by the contract’s rule', () => {
    expect(emptyConcertDraft().cancelDeadlineDays).toBe('3');
    expect(parseCancelDeadlineDays('7')).toEqual({ value: 7 });
    for (const bad of ['', '0', '31', '2.5']) {
      expect(parseCancelDeadlineDays(bad)).toEqual({
        value: null,
        error: paymentMessages.cancelDeadlineDays,
      });
    }
  });

  it('is sent only when changed', () => {
    expect(cancelDeadlineChange(3)).toEqual({});
    expect(cancelDeadlineChange(5)).toEqual({ cancelDeadlineDays: 5 });
    expect(cancelDeadlineChange(5, '5')).toEqual({});
    expect(cancelDeadlineChange(3, '5')).toEqual({ cancelDeadlineDays: 3 });
  });

  it('a new concert sends the changed cut-off, the default none', () => {
    const unchanged = create('3').request;
    expect(unchanged?.kind === 'concert' && unchanged.payload).not.toHaveProperty(
      'cancelDeadlineDays',
    );
    const changed = create('7').request;
    expect(changed?.kind === 'concert' && changed.payload).toMatchObject({ cancelDeadlineDays: 7 });
  });

  it('a new show sends it once for every performance, as its contract takes it', () => {
    const { request } = create('10', ['2026-12-10', '2026-12-11']);
    expect(request?.kind).toBe('show');
    const body = request?.kind === 'show' ? request.body : null;
    expect(body).toMatchObject({ cancelDeadlineDays: 10 });
    expect(createShowCreateSchema(() => today).safeParse(body).success).toBe(true);
  });

  it('refuses an out-of-range cut-off with the contract’s message, on create and edit', () => {
    expect(create('0').errors).toEqual({ cancelDeadlineDays: paymentMessages.cancelDeadlineDays });
    const edit = validateConcertDraft(draft({ cancelDeadlineDays: '31' }), today);
    expect(edit.payload).toBeNull();
    expect(edit.errors).toEqual({ cancelDeadlineDays: paymentMessages.cancelDeadlineDays });
  });

  it('an edit sends it only when it differs from the concert’s own', () => {
    const original = draft({ cancelDeadlineDays: '5' });
    expect(
      validateConcertDraft({ ...original, title: '새 제목' }, today, original).payload,
    ).not.toHaveProperty('cancelDeadlineDays');
    expect(
      validateConcertDraft({ ...original, cancelDeadlineDays: '3' }, today, original).payload,
    ).toMatchObject({ cancelDeadlineDays: 3 });
  });
});
