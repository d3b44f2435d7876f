/**
 * The 회차 part of the register form (issue 26) as the inputs hold it: chosen dates, each with one
 * or more start/end times, and whether the booking window and the prices are the same for every
 * performance or set per performance. Pure functions, so the form and its tests share them.
 */

export interface TimeDraft {
  id: string;
  startTime: string;
  endTime: string;
  /** This performance's own booking window (회차별 설정 only). */
  bookingStartDate: string;
  bookingEndDate: string;
  /** This performance's price per grade code, as typed (회차별 가격 only; absent: the show's). */
  prices: Record<string, string>;
}

export interface DateDraft {
  id: string;
  /** 'YYYY-MM-DD', or '' until the seller picks one. */
  concertDate: string;
  times: TimeDraft[];
}

/** 모든 회차 동일 or 회차별 설정. */
export type ScheduleMode = 'shared' | 'each';

export interface ScheduleDraft {
  dates: DateDraft[];
  bookingMode: ScheduleMode;
  priceMode: ScheduleMode;
}

let lastId = 0;
function newId(prefix: string): string {
  lastId += 1;
  return `${prefix}${lastId}`;
}

export function emptyTime(from?: Pick<TimeDraft, 'startTime' | 'endTime'>): TimeDraft {
  return {
    id: newId('t'),
    startTime: from?.startTime ?? '',
    endTime: from?.endTime ?? '',
    bookingStartDate: '',
    bookingEndDate: '',
    prices: {},
  };
}

function emptyDate(concertDate = '', times: TimeDraft[] = [emptyTime()]): DateDraft {
  return { id: newId('d'), concertDate, times };
}

/** A new form: one date to pick with one time, as the spec's form asks for one date and time. */
export function emptySchedule(): ScheduleDraft {
  return { dates: [emptyDate()], bookingMode: 'shared', priceMode: 'shared' };
}

export function performanceCount(schedule: ScheduleDraft): number {
  return schedule.dates.reduce((sum, date) => sum + date.times.length, 0);
}

/**
 * The modes in force: with one performance there is nothing to set per performance, so both
 * are the shared ones (what was typed per performance is kept for when another is added).
 */
export function effectiveModes(schedule: ScheduleDraft): {
  bookingMode: ScheduleMode;
  priceMode: ScheduleMode;
} {
  if (performanceCount(schedule) < 2) return { bookingMode: 'shared', priceMode: 'shared' };
  return { bookingMode: schedule.bookingMode, priceMode: schedule.priceMode };
}

/**
 * A calendar click: a chosen date is taken out (the last one left only loses its date, so its
 * times stay typed); a new date fills the date still to pick, or comes in at its place in date
 * order with the times of the date before it, as most shows play at the same hour each day.
 */
export function toggleScheduleDate(schedule: ScheduleDraft, date: string): ScheduleDraft {
  const { dates } = schedule;
  const existing = dates.find((entry) => entry.concertDate === date);
  if (existing) {
    const rest = dates.filter((entry) => entry.id !== existing.id);
    return {
      ...schedule,
      dates: rest.length > 0 ? rest : [{ ...existing, concertDate: '' }],
    };
  }
  const unpicked = dates.find((entry) => entry.concertDate === '');
  if (unpicked) {
    return {
      ...schedule,
      dates: dates.map((entry) =>
        entry.id === unpicked.id ? { ...entry, concertDate: date } : entry,
      ),
    };
  }
  const before = [...dates].reverse().find((entry) => entry.concertDate < date);
  const template = before ?? dates[0];
  const times = (template?.times ?? [emptyTime()]).map((time) => emptyTime(time));
  const at = dates.findIndex((entry) => entry.concertDate > date);
  const next = [...dates];
  next.splice(at === -1 ? dates.length : at, 0, emptyDate(date, times));
  return { ...schedule, dates: next };
}

export function setDateValue(
  schedule: ScheduleDraft,
  dateId: string,
  value: string,
): ScheduleDraft {
  return {
    ...schedule,
    dates: schedule.dates.map((entry) =>
      entry.id === dateId ? { ...entry, concertDate: value } : entry,
    ),
  };
}

export function removeDate(schedule: ScheduleDraft, dateId: string): ScheduleDraft {
  const rest = schedule.dates.filter((entry) => entry.id !== dateId);
  return { ...schedule, dates: rest.length > 0 ? rest : [emptyDate()] };
}

export function addTime(schedule: ScheduleDraft, dateId: string): ScheduleDraft {
  return {
    ...schedule,
    dates: schedule.dates.map((entry) =>
      entry.id === dateId ? { ...entry, times: [...entry.times, emptyTime()] } : entry,
    ),
  };
}

export function removeTime(schedule: ScheduleDraft, dateId: string, timeId: string): ScheduleDraft {
  return {
    ...schedule,
    dates: schedule.dates.map((entry) =>
      entry.id === dateId && entry.times.length > 1
        ? { ...entry, times: entry.times.filter((time) => time.id !== timeId) }
        : entry,
    ),
  };
}

export function updateTime(
  schedule: ScheduleDraft,
  timeId: string,
  patch: Partial<Omit<TimeDraft, 'id'>>,
): ScheduleDraft {
  return {
    ...schedule,
    dates: schedule.dates.map((entry) => ({
      ...entry,
      times: entry.times.map((time) => (time.id === timeId ? { ...time, ...patch } : time)),
    })),
  };
}

export interface OrderedPerformance {
  date: DateDraft;
  time: TimeDraft;
}

/**
 * Every performance by date and start time: the order of `performances[]` in the request, so the
 * server's `performances[2].startTime` names the third of this list.
 */
export function orderedPerformances(schedule: ScheduleDraft): OrderedPerformance[] {
  return schedule.dates
    .flatMap((date) => date.times.map((time) => ({ date, time })))
    .sort(
      (a, b) =>
        a.date.concertDate.localeCompare(b.date.concertDate) ||
        a.time.startTime.localeCompare(b.time.startTime),
    );
}

/** The chosen dates (the calendar's selection). */
export function chosenDates(schedule: ScheduleDraft): Set<string> {
  return new Set(schedule.dates.map((entry) => entry.concertDate).filter(Boolean));
}

/** Whether anything of the schedule was typed or picked (the form asks before closing then). */
export function isScheduleTouched(schedule: ScheduleDraft): boolean {
  return schedule.dates.some(
    (entry) =>
      entry.concertDate !== '' ||
      entry.times.some(
        (time) =>
          time.startTime !== '' ||
          time.endTime !== '' ||
          time.bookingStartDate !== '' ||
          time.bookingEndDate !== '' ||
          Object.keys(time.prices).length > 0,
      ),
  );
}
