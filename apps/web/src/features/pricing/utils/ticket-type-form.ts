import {
  companionKinds,
  ticketTypeWriteSchema,
  type DiscountKind,
  type SellerTicketType,
  type TicketTypeKind,
} from '@curtaincall/contracts';
import type { z } from 'zod';
import { issuesAsFieldErrors, problemsByField, type FormProblems } from './form-problems';
import { numberFrom } from './form-values';
import { fromDateTimeInput, toDateTimeInput } from './pricing-format';

/** The fields of the 권종 form, in the order they appear (the first with a problem takes focus). */
export const ticketTypeFields = [
  'kind',
  'name',
  'discountKind',
  'discountValue',
  'gradeKeys',
  'quota',
  'proofRequired',
  'companionAllowed',
  'earlyUntil',
] as const;
export type TicketTypeField = (typeof ticketTypeFields)[number];

/** The 권종 form as its inputs hold it: numbers as the digits typed, '' for none. */
export interface TicketTypeDraft {
  kind: TicketTypeKind | '';
  name: string;
  discountKind: DiscountKind;
  discountValue: string;
  gradeKeys: string[];
  quota: string;
  proofRequired: boolean;
  companionAllowed: boolean;
  /** A datetime-local value, 'YYYY-MM-DDTHH:mm'. */
  earlyUntil: string;
}

export function emptyTicketTypeDraft(): TicketTypeDraft {
  return {
    kind: '',
    name: '',
    discountKind: 'PERCENT',
    discountValue: '',
    gradeKeys: [],
    quota: '',
    proofRequired: false,
    companionAllowed: false,
    earlyUntil: '',
  };
}

export function draftFromTicketType(type: SellerTicketType): TicketTypeDraft {
  return {
    kind: type.kind,
    name: type.name,
    discountKind: type.discountKind,
    discountValue: String(type.discountValue),
    gradeKeys: [...type.gradeKeys],
    quota: type.quota === null ? '' : String(type.quota),
    proofRequired: type.proofRequired,
    companionAllowed: type.companionAllowed,
    earlyUntil: toDateTimeInput(type.earlyUntil),
  };
}

export function isCompanionKind(kind: TicketTypeKind | ''): boolean {
  return kind !== '' && companionKinds.has(kind);
}

/**
 * Another kind: the companion choice goes when the kind cannot have one, and the early-bird end
 * when it is not 조기예매, so a hidden field never sends a value the server would refuse.
 */
export function withKind(draft: TicketTypeDraft, kind: TicketTypeKind | ''): TicketTypeDraft {
  return {
    ...draft,
    kind,
    companionAllowed: isCompanionKind(kind) ? draft.companionAllowed : false,
    earlyUntil: kind === 'EARLY_BIRD' ? draft.earlyUntil : '',
  };
}

export function isSameTicketTypeDraft(a: TicketTypeDraft, b: TicketTypeDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The body as sent: the schema's output, defaults filled in. */
export type TicketTypeBody = z.output<typeof ticketTypeWriteSchema>;

export interface TicketTypeCheck {
  body: TicketTypeBody | null;
  problems: FormProblems<TicketTypeField>;
}

/**
 * The draft checked by the contract's `ticketTypeWriteSchema`, the server's own route schema, so
 * a problem reads the same before sending as after. An empty discount counts as 0, so the
 * message is the one of the chosen discount kind (% or 원).
 */
export function checkTicketTypeDraft(draft: TicketTypeDraft): TicketTypeCheck {
  const parsed = ticketTypeWriteSchema.safeParse({
    kind: draft.kind === '' ? undefined : draft.kind,
    name: draft.name.trim() === '' ? null : draft.name,
    discountKind: draft.discountKind,
    discountValue: numberFrom(draft.discountValue, 0),
    gradeKeys: draft.gradeKeys,
    quota: numberFrom(draft.quota, null),
    proofRequired: draft.proofRequired,
    companionAllowed: draft.companionAllowed,
    earlyUntil: fromDateTimeInput(draft.earlyUntil),
  });
  if (parsed.success) {
    return { body: parsed.data, problems: problemsByField([], ticketTypeFields) };
  }
  return {
    body: null,
    problems: problemsByField(issuesAsFieldErrors(parsed.error.issues), ticketTypeFields),
  };
}
