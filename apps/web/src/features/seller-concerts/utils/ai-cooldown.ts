import { showStartInstant, type SellerConcert } from '@curtaincall/contracts';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { sellerConcertTexts } from './seller-concert-texts';

/** A concert's summary may be regenerated once per this many ms (seller-admin-side.md §4, §9). */
export const aiCooldownMs = 30_000;

/** Whole seconds left of a cooldown that ends at `until` (0 when over). */
export function cooldownSecondsLeft(until: number | undefined, now: number): number {
  if (until === undefined) return 0;
  // `now` may be up to a tick older than the moment the cooldown started: never above 30.
  return Math.min(aiCooldownMs / 1000, Math.max(0, Math.ceil((until - now) / 1000)));
}

/**
 * Why regeneration is unavailable for this concert now, or null: cancelled concerts are refused,
 * and a show that has started reads '이미 종료된 공연입니다' (§4).
 */
export function aiBlockedReason(concert: SellerConcert, now: number): string | null {
  if (concert.status === 'CANCELLED') return '취소된 콘서트는 AI 요약을 생성할 수 없습니다.';
  const start = showStartInstant(concert.concertDate, concert.startTime).getTime();
  if (now >= start) return sellerConcertTexts.alreadyStarted;
  return null;
}

/** The §8 texts of a failed regeneration (the server's own words where it has them). */
export function aiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'AI 요약 생성에 실패했습니다. 잠시 후 다시 시도해주세요.';
  if (error.isNetworkError) return sellerConcertTexts.networkFailed;
  if (error.status >= 500) return 'AI 요약 생성에 실패했습니다. 잠시 후 다시 시도해주세요.';
  if (error.status === 401) return '로그인이 필요합니다.';
  return error.message;
}

/** The current time, refreshed every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * The cooldowns of the page, by concert: kept while the page is open, so closing and reopening
 * the dialog does not skip the wait.
 */
export function useAiCooldowns() {
  const [until, setUntil] = useState<Record<number, number>>({});
  const start = useCallback((concertId: number) => {
    setUntil((current) => ({ ...current, [concertId]: Date.now() + aiCooldownMs }));
  }, []);
  return { until, start };
}
