import { useState } from 'react';
import type { ScheduleEditTarget } from '../components/performance-schedule';
import { emptySchedule, isScheduleTouched, type ScheduleDraft } from '../utils/show-schedule';
import {
  noScheduleErrors,
  withoutScheduleError,
  type ScheduleErrors,
} from '../utils/show-validation';

/**
 * A new show's 회차 in the register form (issue 26): the schedule, its errors by row, and the
 * limit across performances. An edit clears the error of what was edited, nothing else.
 */
export function useShowSchedule() {
  const [schedule, setSchedule] = useState<ScheduleDraft>(emptySchedule);
  const [errors, setErrors] = useState<ScheduleErrors>(noScheduleErrors);
  const [maxTicketsPerShow, setMaxTicketsPerShow] = useState('');
  const change = (next: ScheduleDraft, edited: ScheduleEditTarget) => {
    setSchedule(next);
    if (edited) setErrors((current) => withoutScheduleError(current, edited));
  };
  return {
    schedule,
    setSchedule,
    change,
    errors,
    setErrors,
    maxTicketsPerShow,
    setMaxTicketsPerShow,
    isTouched: isScheduleTouched(schedule) || maxTicketsPerShow !== '',
  };
}
