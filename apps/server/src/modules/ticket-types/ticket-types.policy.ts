import type { DiscountKind, TicketTypeKind, TicketTypeTerms } from '@curtaincall/contracts';
import type { TicketTypeRow } from './ticket-types.repo';

/**
 * 조기예매 is over once its end has passed: the discount holds up to and including `earlyUntil`
 * (a seller's "until 23:59" means that minute still counts), and from then on a booking may not
 * take it and buyers no longer see it.
 */
export function isEarlyBirdOver(
  type: Pick<TicketTypeRow, 'kind' | 'earlyUntil'>,
  now: Date,
): boolean {
  return type.kind === 'EARLY_BIRD' && type.earlyUntil !== null && now > type.earlyUntil;
}

/** Tickets of the type still for sale, or null without a quota. */
export function remainingOf(type: Pick<TicketTypeRow, 'quota' | 'usedCount'>): number | null {
  return type.quota === null ? null : Math.max(0, type.quota - type.usedCount);
}

/** A stored type as pricing.ts prices it. */
export function termsOf(type: TicketTypeRow): TicketTypeTerms {
  return {
    id: type.id,
    kind: type.kind as TicketTypeKind,
    name: type.name,
    discount: { kind: type.discountKind as DiscountKind, value: type.discountValue },
    gradeKeys: type.gradeKeys,
    companionAllowed: type.companionAllowed,
    proofRequired: type.proofRequired,
  };
}
