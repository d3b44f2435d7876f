import { promoCheckSchema, type PromoCheck } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /concerts/{id}/promo-codes/check` (signed in, rate limited): the code's terms, so the
 * panel can price with it before booking. Unknown and expired codes answer one text alike.
 */
export function checkPromoCode(concertId: number, code: string): Promise<PromoCheck> {
  return apiFetch(`/concerts/${concertId}/promo-codes/check`, promoCheckSchema, {
    method: 'POST',
    body: { code },
  });
}

export function useCheckPromoCodeMutation(concertId: number) {
  return useMutation({ mutationFn: (code: string) => checkPromoCode(concertId, code) });
}
