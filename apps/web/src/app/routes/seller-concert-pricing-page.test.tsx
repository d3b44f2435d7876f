import {
  companionKinds,
  promoMessages,
  ticketTypeKindLabels,
  ticketTypeKinds,
  ticketTypeMessages,
  type ConcertGradeAvailability,
  type SellerConcert,
  type SellerPromoCode,
  type SellerTicketType,
} from '@curtaincall/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeConcert, makeConcertDetail, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * 권종·할인 (issue 27) through the whole app with the API faked at the network: the lists with
 * their previews, the forms' checks (the contract's schemas) and the server's field errors next
 * to their fields, the fields only some kinds have, and deleting with a confirmation.
 */

/** Whole-app renders with lazy routes are slow on a busy machine. */
vi.setConfig({ testTimeout: 20_000 });

const concertId = 7;
const pagePath = `/seller/concerts/${concertId}/pricing`;
const typesPath = `/api/seller/concerts/${concertId}/ticket-types`;
const codesPath = `/api/seller/concerts/${concertId}/promo-codes`;

function grade(code: string, name: string, price: number): ConcertGradeAvailability {
  return {
    code,
    name,
    price,
    color: null,
    totalPlaces: 100,
    available: 80,
    held: 0,
    standing: false,
  };
}

const grades = [
  grade('VIP', 'VIP석', 150_000),
  grade('R', 'R석', 110_000),
  grade('S', 'S석', 80_000),
];

function ticketType(overrides: Partial<SellerTicketType> = {}): SellerTicketType {
  return {
    id: 1,
    kind: 'DISABLED_SEVERE',
    name: '장애인(심한)',
    discountKind: 'PERCENT',
    discountValue: 50,
    gradeKeys: [],
    remaining: 38,
    proofRequired: true,
    companionAllowed: true,
    earlyUntil: null,
    quota: 50,
    used: 12,
    ...overrides,
  };
}

const earlyBird = ticketType({
  id: 2,
  kind: 'EARLY_BIRD',
  name: '얼리버드',
  discountKind: 'AMOUNT',
  discountValue: 5_000,
  gradeKeys: ['VIP', 'R'],
  remaining: null,
  proofRequired: false,
  companionAllowed: false,
  earlyUntil: '2099-11-20T23:59:00',
  quota: null,
  used: 3,
});

function promoCode(overrides: Partial<SellerPromoCode> = {}): SellerPromoCode {
  return {
    id: 11,
    code: 'SPRING10',
    discountKind: 'PERCENT',
    discountValue: 10,
    gradeKeys: [],
    validFrom: null,
    validUntil: '2099-12-01T00:00:00',
    totalUses: 100,
    used: 37,
    oncePerAccount: true,
    ...overrides,
  };
}

/** Every write, as 'METHOD path' with its JSON body. */
interface Recorded {
  line: string;
  body?: unknown;
}

interface Served {
  writes: Recorded[];
  /** How many times each list was read. */
  reads: { types: number; codes: number };
}

function serve({
  types = [ticketType(), earlyBird],
  codes = [promoCode()],
  status = 'ON_SALE' as const,
}: {
  types?: SellerTicketType[];
  codes?: SellerPromoCode[];
  status?: 'ON_SALE' | 'CANCELLED';
} = {}): Served {
  const served: Served = { writes: [], reads: { types: 0, codes: 0 } };
  const record = async (request: Request) => {
    const entry: Recorded = { line: `${request.method} ${new URL(request.url).pathname}` };
    const text = await request.clone().text();
    if (text) entry.body = JSON.parse(text);
    served.writes.push(entry);
  };
  server.use(
    http.get(`/api/concerts/${concertId}`, () =>
      HttpResponse.json({
        success: true,
        data: makeConcertDetail({ concertId, title: '별빛 오케스트라', status }),
      }),
    ),
    http.get(`/api/concerts/${concertId}/grades`, () =>
      HttpResponse.json({ success: true, data: grades }),
    ),
    http.get(`/api/concerts/${concertId}/ticket-types`, () =>
      HttpResponse.json({ success: true, data: { bookingFeePerSeat: 2_000, ticketTypes: [] } }),
    ),
    http.get(typesPath, () => {
      served.reads.types += 1;
      return HttpResponse.json({ success: true, data: types });
    }),
    http.get(codesPath, () => {
      served.reads.codes += 1;
      return HttpResponse.json({ success: true, data: codes });
    }),
    http.delete(`${typesPath}/:typeId`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: ticketTypeMessages.deleted });
    }),
    http.delete(`${codesPath}/:codeId`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: promoMessages.deleted });
    }),
  );
  return served;
}

function fieldError(message: string, field: string) {
  return HttpResponse.json(
    { success: false, status: 400, code: 'C001', message, errors: [{ field, message }] },
    { status: 400 },
  );
}

async function openPage() {
  renderApp(pagePath, { session: users.seller });
  expect(await screen.findByRole('heading', { level: 1, name: '권종·할인' })).toBeInTheDocument();
  await screen.findByRole('list', { name: '권종 목록' });
}

/** A listed type's or code's card, found by its heading. */
function cardOf(name: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

async function openAddType(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '권종 추가' }));
  return screen.findByRole('dialog', { name: '권종 추가' });
}

describe('the lists', () => {
  it('shows each type and code with its terms, sales, badges and what a buyer pays', async () => {
    serve();
    await openPage();
    expect(screen.getByText('별빛 오케스트라')).toBeInTheDocument();

    const severe = cardOf('장애인(심한)');
    expect(screen.getByRole('list', { name: '권종 목록' })).toContainElement(severe);
    expect(severe).toHaveTextContent('할인 50%');
    expect(severe).toHaveTextContent('적용 등급 전체 등급');
    expect(within(severe).getByText('판매 12 / 50')).toBeInTheDocument();
    expect(within(severe).getByText('현장 증빙')).toBeInTheDocument();
    expect(within(severe).getByText('동반 1인')).toBeInTheDocument();
    // priceBooking of one seat: half the grade price plus the 2,000원 booking fee.
    const severePrices = within(severe).getByRole('list', {
      name: '장애인(심한) 등급별 결제 금액',
    });
    expect(severePrices).toHaveTextContent('VIP석77,000원(정가 150,000원)');
    expect(severePrices).toHaveTextContent('R석57,000원');
    expect(severePrices).toHaveTextContent('S석42,000원');

    const early = cardOf('얼리버드');
    expect(within(early).getByText(ticketTypeKindLabels.EARLY_BIRD)).toBeInTheDocument();
    expect(early).toHaveTextContent('할인 5,000원');
    expect(early).toHaveTextContent('적용 등급 VIP석, R석');
    expect(within(early).getByText('판매 3 / 제한 없음')).toBeInTheDocument();
    expect(within(early).getByText(/^조기예매 ~ 2099\.11\.20/)).toBeInTheDocument();
    expect(within(early).queryByText('현장 증빙')).not.toBeInTheDocument();
    const earlyPrices = within(early).getByRole('list', { name: '얼리버드 등급별 결제 금액' });
    expect(within(earlyPrices).getAllByRole('listitem')).toHaveLength(2);
    expect(earlyPrices).toHaveTextContent('VIP석147,000원');
    expect(earlyPrices).toHaveTextContent('R석107,000원');

    const spring = cardOf('SPRING10');
    expect(screen.getByRole('list', { name: '할인 코드 목록' })).toContainElement(spring);
    expect(within(spring).getByText('사용 37 / 100')).toBeInTheDocument();
    expect(within(spring).getByText('계정당 1회')).toBeInTheDocument();
    expect(spring).toHaveTextContent('지금부터 ~ 2099.12.01');
    expect(
      within(spring).getByRole('list', { name: 'SPRING10 등급별 결제 금액' }),
    ).toHaveTextContent('VIP석137,000원');
  });

  it('says when there is nothing yet, and a cancelled concert offers no changes', async () => {
    serve({ types: [], codes: [], status: 'CANCELLED' });
    renderApp(pagePath, { session: users.seller });
    expect(await screen.findByText('일반 외에 등록한 권종이 없습니다.')).toBeInTheDocument();
    expect(await screen.findByText('등록한 할인 코드가 없습니다.')).toBeInTheDocument();
    expect(screen.getByText(/취소되었거나 종료된 콘서트라/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '권종 추가' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '할인 코드 추가' })).not.toBeInTheDocument();
  });
});

describe('adding and editing a 권종', () => {
  it("checks with the contract's messages before sending anything", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    await openPage();
    const dialog = await openAddType(user);
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const kind = within(dialog).getByLabelText('권종 종류');
    await waitFor(() => expect(kind).toHaveFocus());
    // Without a kind the schema stops there, as the server's does.
    expect(kind).toHaveAccessibleDescription(ticketTypeMessages.kind);
    await user.selectOptions(kind, 'SENIOR');
    expect(kind).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByLabelText('할인율 (%)')).toHaveAccessibleDescription(
      expect.stringContaining(ticketTypeMessages.percent),
    );
    await user.click(within(dialog).getByRole('radio', { name: '정액 (원)' }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByLabelText('할인 금액 (원)')).toHaveAccessibleDescription(
      expect.stringContaining(ticketTypeMessages.amount),
    );
    expect(writes).toEqual([]);
  });

  it("sends the form, puts the server's field errors next to their fields, then saves", async () => {
    const user = userEvent.setup();
    const served = serve();
    let attempts = 0;
    server.use(
      http.post(typesPath, async ({ request }) => {
        attempts += 1;
        served.writes.push({ line: `POST ${typesPath}`, body: await request.json() });
        if (attempts === 1) {
          return HttpResponse.json(
            {
              success: false,
              status: 400,
              code: 'C001',
              message: ticketTypeMessages.unknownGrade,
              errors: [
                { field: 'gradeKeys[1]', message: ticketTypeMessages.unknownGrade },
                { field: 'quota', message: ticketTypeMessages.quota },
              ],
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          { success: true, message: ticketTypeMessages.created, data: ticketType({ id: 3 }) },
          { status: 201 },
        );
      }),
    );
    await openPage();
    const dialog = await openAddType(user);
    await user.selectOptions(within(dialog).getByLabelText('권종 종류'), 'DISABLED_SEVERE');
    expect(within(dialog).getByLabelText(/권종 이름/)).toHaveAttribute(
      'placeholder',
      '장애인(심한)',
    );
    await user.type(within(dialog).getByLabelText('할인율 (%)'), '50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'R석 (110,000원)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'S석 (80,000원)' }));
    await user.type(within(dialog).getByLabelText(/판매 한도/), '40');
    await user.click(within(dialog).getByRole('checkbox', { name: '현장에서 증빙 필요' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '동반자 1인 같은 할인' }));
    // The preview prices the draft as it stands: R석 and S석 only.
    const preview = within(dialog).getByRole('list', { name: '장애인(심한) 등급별 결제 금액' });
    expect(preview).toHaveTextContent('R석57,000원');
    expect(preview).toHaveTextContent('S석42,000원');
    expect(preview).not.toHaveTextContent('VIP석');

    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const sGrade = within(dialog).getByRole('checkbox', { name: 'S석 (80,000원)' });
    await waitFor(() => expect(sGrade).toHaveAttribute('aria-invalid', 'true'));
    expect(sGrade).toHaveAccessibleDescription(ticketTypeMessages.unknownGrade);
    expect(within(dialog).getByRole('checkbox', { name: 'R석 (110,000원)' })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(within(dialog).getByLabelText(/판매 한도/)).toHaveAccessibleDescription(
      expect.stringContaining(ticketTypeMessages.quota),
    );
    // The first field the server named takes the focus; no second copy of the message above.
    expect(sGrade).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(served.writes[0]?.body).toEqual({
      kind: 'DISABLED_SEVERE',
      name: null,
      discountKind: 'PERCENT',
      discountValue: 50,
      gradeKeys: ['R', 'S'],
      quota: 40,
      proofRequired: true,
      companionAllowed: true,
      earlyUntil: null,
    });

    await user.click(sGrade);
    expect(sGrade).not.toHaveAttribute('aria-invalid');
    const readsBefore = served.reads.types;
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText(ticketTypeMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.writes[1]?.body).toMatchObject({ gradeKeys: ['R'] });
    await waitFor(() => expect(served.reads.types).toBeGreaterThan(readsBefore));
  });

  it('offers the companion only for 장애인 and 국가유공자, and forgets it for another kind', async () => {
    const user = userEvent.setup();
    serve();
    await openPage();
    const dialog = await openAddType(user);
    const kindSelect = within(dialog).getByLabelText('권종 종류');
    for (const kind of ticketTypeKinds) {
      await user.selectOptions(kindSelect, kind);
      const companion = within(dialog).queryByRole('checkbox', { name: '동반자 1인 같은 할인' });
      expect(companion !== null, kind).toBe(companionKinds.has(kind));
    }
    await user.selectOptions(kindSelect, 'NATIONAL_MERIT');
    await user.click(within(dialog).getByRole('checkbox', { name: '동반자 1인 같은 할인' }));
    await user.selectOptions(kindSelect, 'SENIOR');
    await user.selectOptions(kindSelect, 'NATIONAL_MERIT');
    expect(
      within(dialog).getByRole('checkbox', { name: '동반자 1인 같은 할인' }),
    ).not.toBeChecked();
  });

  it('asks for the early-bird end only for 조기예매, and sends it', async () => {
    const user = userEvent.setup();
    const served = serve();
    server.use(
      http.post(typesPath, async ({ request }) => {
        served.writes.push({ line: `POST ${typesPath}`, body: await request.json() });
        return HttpResponse.json({ success: true, message: ticketTypeMessages.created });
      }),
    );
    await openPage();
    const dialog = await openAddType(user);
    const kindSelect = within(dialog).getByLabelText('권종 종류');
    for (const kind of ticketTypeKinds) {
      await user.selectOptions(kindSelect, kind);
      expect(within(dialog).queryByLabelText('할인 마감 일시') !== null, kind).toBe(
        kind === 'EARLY_BIRD',
      );
    }
    await user.selectOptions(kindSelect, 'EARLY_BIRD');
    await user.click(within(dialog).getByRole('radio', { name: '정액 (원)' }));
    await user.type(within(dialog).getByLabelText('할인 금액 (원)'), '5,000');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const until = within(dialog).getByLabelText('할인 마감 일시');
    await waitFor(() => expect(until).toHaveFocus());
    expect(until).toHaveAccessibleDescription(
      expect.stringContaining(ticketTypeMessages.earlyUntilRequired),
    );
    expect(served.writes).toEqual([]);

    fireEvent.change(until, { target: { value: '2099-11-20T23:59' } });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.writes).toEqual([
      {
        line: `POST ${typesPath}`,
        body: {
          kind: 'EARLY_BIRD',
          name: null,
          discountKind: 'AMOUNT',
          discountValue: 5000,
          gradeKeys: [],
          quota: null,
          proofRequired: false,
          companionAllowed: false,
          earlyUntil: '2099-11-20T23:59:00',
        },
      },
    ]);
  });

  it('edits a type with its saved values and sends the whole type to PUT', async () => {
    const user = userEvent.setup();
    const served = serve();
    server.use(
      http.put(`${typesPath}/:typeId`, async ({ request }) => {
        served.writes.push({
          line: `PUT ${new URL(request.url).pathname}`,
          body: await request.json(),
        });
        return HttpResponse.json({ success: true, message: ticketTypeMessages.updated });
      }),
    );
    await openPage();
    await user.click(screen.getByRole('button', { name: '얼리버드 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '권종 수정' });
    expect(within(dialog).getByLabelText('권종 종류')).toHaveValue('EARLY_BIRD');
    expect(within(dialog).getByLabelText(/권종 이름/)).toHaveValue('얼리버드');
    expect(within(dialog).getByLabelText('할인 마감 일시')).toHaveValue('2099-11-20T23:59');
    const quota = within(dialog).getByLabelText(/판매 한도/);
    await user.type(quota, '30');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText(ticketTypeMessages.updated)).toBeInTheDocument();
    expect(served.writes).toEqual([
      {
        line: `PUT ${typesPath}/2`,
        body: {
          kind: 'EARLY_BIRD',
          name: '얼리버드',
          discountKind: 'AMOUNT',
          discountValue: 5000,
          gradeKeys: ['VIP', 'R'],
          quota: 30,
          proofRequired: false,
          companionAllowed: false,
          earlyUntil: '2099-11-20T23:59:00',
        },
      },
    ]);
  });

  it('deletes a type after the question, and keeps it on 돌아가기', async () => {
    const user = userEvent.setup();
    const served = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '장애인(심한) 삭제' }));
    let dialog = await screen.findByRole('dialog', { name: '권종 삭제' });
    expect(dialog).toHaveTextContent('장애인(심한) 권종을 삭제할까요?');
    await user.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(served.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: '장애인(심한) 삭제' }));
    dialog = await screen.findByRole('dialog', { name: '권종 삭제' });
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText(ticketTypeMessages.deleted)).toBeInTheDocument();
    expect(served.writes).toEqual([{ line: `DELETE ${typesPath}/1` }]);
  });
});

describe('할인 코드', () => {
  it("creates a code (upper case, times with seconds), with the server's error beside the code", async () => {
    const user = userEvent.setup();
    const served = serve();
    let attempts = 0;
    server.use(
      http.post(codesPath, async ({ request }) => {
        attempts += 1;
        served.writes.push({ line: `POST ${codesPath}`, body: await request.json() });
        return attempts === 1
          ? fieldError(promoMessages.duplicate, 'code')
          : HttpResponse.json({ success: true, message: promoMessages.created }, { status: 201 });
      }),
    );
    await openPage();
    await user.click(screen.getByRole('button', { name: '할인 코드 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '할인 코드 추가' });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByLabelText('할인 코드')).toHaveAccessibleDescription(
      expect.stringContaining(promoMessages.code),
    );
    expect(within(dialog).getByLabelText('총 사용 횟수')).toHaveAccessibleDescription(
      promoMessages.totalUses,
    );
    expect(served.writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('할인 코드'), 'spring-10');
    await user.type(within(dialog).getByLabelText('할인율 (%)'), '10');
    await user.click(within(dialog).getByRole('checkbox', { name: 'VIP석 (150,000원)' }));
    fireEvent.change(within(dialog).getByLabelText(/사용 시작 일시/), {
      target: { value: '2099-11-01T10:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(/사용 종료 일시/), {
      target: { value: '2099-11-30T23:59' },
    });
    await user.type(within(dialog).getByLabelText('총 사용 횟수'), '100');
    expect(within(dialog).getByRole('checkbox', { name: '계정당 1회만 사용' })).toBeChecked();
    expect(
      within(dialog).getByRole('list', { name: 'SPRING-10 등급별 결제 금액' }),
    ).toHaveTextContent('VIP석137,000원');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const codeField = within(dialog).getByLabelText('할인 코드');
    await waitFor(() => expect(codeField).toHaveFocus());
    expect(codeField).toHaveAccessibleDescription(expect.stringContaining(promoMessages.duplicate));
    expect(served.writes[0]?.body).toEqual({
      code: 'SPRING-10',
      discountKind: 'PERCENT',
      discountValue: 10,
      gradeKeys: ['VIP'],
      validFrom: '2099-11-01T10:00:00',
      validUntil: '2099-11-30T23:59:00',
      totalUses: 100,
      oncePerAccount: true,
    });

    await user.clear(codeField);
    await user.type(codeField, 'spring-11');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText(promoMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.writes[1]?.body).toMatchObject({ code: 'SPRING-11' });
  });

  it('says the window is backwards before sending', async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    await openPage();
    await user.click(screen.getByRole('button', { name: '할인 코드 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '할인 코드 추가' });
    await user.type(within(dialog).getByLabelText('할인 코드'), 'WINTER');
    await user.type(within(dialog).getByLabelText('할인율 (%)'), '10');
    await user.type(within(dialog).getByLabelText('총 사용 횟수'), '10');
    fireEvent.change(within(dialog).getByLabelText(/사용 시작 일시/), {
      target: { value: '2099-11-30T10:00' },
    });
    fireEvent.change(within(dialog).getByLabelText(/사용 종료 일시/), {
      target: { value: '2099-11-01T10:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByLabelText(/사용 종료 일시/)).toHaveAccessibleDescription(
      expect.stringContaining(promoMessages.window),
    );
    expect(writes).toEqual([]);
  });

  it('deletes a code after the question; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const served = serve();
    let attempts = 0;
    server.use(
      http.delete(`${codesPath}/:codeId`, ({ request }) => {
        attempts += 1;
        served.writes.push({ line: `DELETE ${new URL(request.url).pathname}` });
        return attempts === 1
          ? HttpResponse.json(
              { success: false, status: 500, code: 'C003', message: '' },
              { status: 500 },
            )
          : HttpResponse.json({ success: true, message: promoMessages.deleted });
      }),
    );
    await openPage();
    await user.click(screen.getByRole('button', { name: 'SPRING10 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '할인 코드 삭제' });
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '서버에 오류가 발생했습니다.',
    );
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText(promoMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.writes).toEqual([
      { line: `DELETE ${codesPath}/11` },
      { line: `DELETE ${codesPath}/11` },
    ]);
  });
});

describe('the way in', () => {
  function performance(concertId: number, showId: number, title: string): SellerConcert {
    return {
      ...makeConcert({
        concertId,
        title,
        sellerId: users.seller.userId,
        concertDate: '2099-12-10',
      }),
      showId,
      refundsPending: 0,
      refundsDone: 0,
      soldSeats: 0,
      cancelDeadlineDays: 3,
    };
  }

  it('the manage list links every performance to its own 권종·할인', async () => {
    const user = userEvent.setup();
    serve();
    const tour = [performance(7, 50, '커튼콜 투어'), performance(8, 50, '커튼콜 투어')];
    const single = performance(60, 60, '단독 공연');
    const showOf = (performances: SellerConcert[]) => ({
      showId: performances[0]?.showId,
      title: performances[0]?.title,
      artist: '테스트 아티스트',
      venueName: '올림픽공원 KSPO DOME',
      posterImageUrl: null,
      maxTicketsPerShow: null,
      firstDate: '2099-12-10',
      lastDate: '2099-12-10',
      performances,
    });
    server.use(
      http.get('/api/seller/shows', () =>
        HttpResponse.json({ success: true, data: pageOf([showOf(tour), showOf([single])]) }),
      ),
    );
    const { router } = renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    const links = within(table).getAllByRole('link', { name: /권종·할인$/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/seller/concerts/7/pricing',
      '/seller/concerts/8/pricing',
      '/seller/concerts/60/pricing',
    ]);
    expect(within(table).getByRole('link', { name: '단독 공연 권종·할인' })).toBeInTheDocument();
    await user.click(links[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: '권종·할인' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pagePath);
  });
});
