import {
  promoMessages,
  ticketTypeMessages,
  type ConcertGradeAvailability,
} from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { issueField, problemsByField } from './form-problems';
import { numberFrom, toggleGradeKey } from './form-values';
import { previewPromoCode, previewTicketType } from './price-preview';
import { formatDiscount, formatGrades, formatQuotaUse, formatWindow } from './pricing-format';
import { checkPromoCodeDraft, emptyPromoCodeDraft } from './promo-code-form';
import { checkTicketTypeDraft, emptyTicketTypeDraft, withKind } from './ticket-type-form';

function grade(code: string, name: string, price: number): ConcertGradeAvailability {
  return {
    code,
    name,
    price,
    color: null,
    totalPlaces: 10,
    available: 10,
    held: 0,
    standing: false,
  };
}

const grades = [
  grade('VIP', 'VIP석', 150_000),
  grade('R', 'R석', 110_000),
  grade('S', 'S석', 3_000),
];

describe('form problems', () => {
  it("writes a schema issue's path the way the server names fields", () => {
    expect(issueField(['gradeKeys', 1])).toBe('gradeKeys[1]');
    expect(issueField(['discountValue'])).toBe('discountValue');
    expect(issueField(['seatTypes', 0, 'ticketTypeId'])).toBe('seatTypes[0].ticketTypeId');
  });

  it('puts each message on its field, remembers which grade, and keeps the rest', () => {
    const problems = problemsByField(
      [
        { field: 'gradeKeys[2]', message: ticketTypeMessages.unknownGrade },
        { field: 'discountValue', message: ticketTypeMessages.percent },
        { field: 'discountValue', message: 'second' },
        { field: 'concert', message: ticketTypeMessages.concertCancelled },
      ],
      ['discountValue', 'gradeKeys'] as const,
    );
    expect(problems).toEqual({
      errors: {
        gradeKeys: ticketTypeMessages.unknownGrade,
        discountValue: ticketTypeMessages.percent,
      },
      gradeIndexes: [2],
      rest: [ticketTypeMessages.concertCancelled],
    });
  });
});

describe('form values', () => {
  it("keeps chosen grades in the concert's order, unknown keys last", () => {
    let keys = toggleGradeKey([], 'S', grades);
    keys = toggleGradeKey([...keys, 'GONE'], 'VIP', grades);
    expect(keys).toEqual(['VIP', 'S', 'GONE']);
    expect(toggleGradeKey(keys, 'VIP', grades)).toEqual(['S', 'GONE']);
  });

  it('reads digits, and an empty field as the given value', () => {
    expect(numberFrom('5000', null)).toBe(5000);
    expect(numberFrom('', null)).toBeNull();
  });
});

describe('the 권종 draft', () => {
  it('drops the companion and the early-bird end when the kind cannot have them', () => {
    const draft = {
      ...emptyTicketTypeDraft(),
      kind: 'EARLY_BIRD' as const,
      earlyUntil: '2099-01-01T10:00',
    };
    expect(withKind(draft, 'SENIOR').earlyUntil).toBe('');
    const companion = {
      ...emptyTicketTypeDraft(),
      kind: 'NATIONAL_MERIT' as const,
      companionAllowed: true,
    };
    expect(withKind(companion, 'DISABLED_MILD').companionAllowed).toBe(true);
    expect(withKind(companion, 'YOUTH').companionAllowed).toBe(false);
  });

  it("gives the kind's own discount message for an empty discount", () => {
    const percent = checkTicketTypeDraft({ ...emptyTicketTypeDraft(), kind: 'YOUTH' });
    expect(percent.problems.errors.discountValue).toBe(ticketTypeMessages.percent);
    const amount = checkTicketTypeDraft({
      ...emptyTicketTypeDraft(),
      kind: 'YOUTH',
      discountKind: 'AMOUNT',
    });
    expect(amount.problems.errors.discountValue).toBe(ticketTypeMessages.amount);
  });
});

describe('the 할인 코드 draft', () => {
  it('sends the code upper case, with times to the second', () => {
    const { body } = checkPromoCodeDraft({
      ...emptyPromoCodeDraft(),
      code: 'early-bird',
      discountValue: '3000',
      discountKind: 'AMOUNT',
      totalUses: '50',
      validUntil: '2099-05-01T10:00',
    });
    expect(body).toMatchObject({
      code: 'EARLY-BIRD',
      validFrom: null,
      validUntil: '2099-05-01T10:00:00',
      oncePerAccount: true,
    });
  });

  it('asks for the total uses', () => {
    const { problems } = checkPromoCodeDraft({
      ...emptyPromoCodeDraft(),
      code: 'ABCD',
      discountValue: '5',
    });
    expect(problems.errors).toEqual({ totalUses: promoMessages.totalUses });
  });
});

describe('previews', () => {
  it('prices one seat of each grade the type applies to, never below the booking fee', () => {
    const previews = previewTicketType(
      {
        kind: 'EARLY_BIRD',
        name: '조기예매',
        discountKind: 'AMOUNT',
        discountValue: 5_000,
        gradeKeys: ['VIP', 'S'],
        companionAllowed: false,
        proofRequired: false,
      },
      grades,
      2_000,
    );
    expect(previews).toEqual([
      { gradeKey: 'VIP', gradeName: 'VIP석', gradePrice: 150_000, pays: 147_000 },
      // 5,000원 off a 3,000원 seat takes it to 0; the fee is still paid.
      { gradeKey: 'S', gradeName: 'S석', gradePrice: 3_000, pays: 2_000 },
    ]);
  });

  it('prices a code on 일반, rounding its percentage down', () => {
    const previews = previewPromoCode(
      { code: 'TEN', discountKind: 'PERCENT', discountValue: 15, gradeKeys: [] },
      [grade('A', 'A석', 55_555)],
      1_000,
    );
    // 15 % of 55,555원 is 8,333.25원: 8,333원 off.
    expect(previews).toEqual([
      { gradeKey: 'A', gradeName: 'A석', gradePrice: 55_555, pays: 48_222 },
    ]);
  });
});

describe('formats', () => {
  it('writes terms as the lists show them', () => {
    expect(formatDiscount('PERCENT', 50)).toBe('50%');
    expect(formatDiscount('AMOUNT', 5_000)).toBe('5,000원');
    expect(formatGrades([], grades)).toBe('전체 등급');
    expect(formatGrades(['S', 'GONE', 'VIP'], grades)).toBe('VIP석, S석, GONE');
    expect(formatQuotaUse(12, 50)).toBe('판매 12 / 50');
    expect(formatQuotaUse(3, null)).toBe('판매 3 / 제한 없음');
    expect(formatWindow(null, null)).toBe('지금부터 ~ 기한 없음');
  });
});
