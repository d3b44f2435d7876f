import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, paymentCancellations, payments, tickets } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

let ctx: TestContext;
let sellerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
});
afterAll(async () => ctx?.close());

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // pdf.js splits a line into runs: squeeze the spacing so phrases read as printed.
    return (await parser.getText()).text.replace(/[ \t]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function paidBookingOfTwo() {
  const { id: concertId } = await createConcert(ctx.database.db, {
    sellerId,
    title: '예매확인서 테스트 콘서트',
  });
  const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, buyer);
  const seatIds = await holdSeats(ctx.app, concertId, session, 2);
  const created = await book(ctx.app, concertId, session, seatIds);
  return { buyer, created, session, concertId };
}

/** Issue 28: the paid payment as another method wrote it (the sandbox card path is tested above). */
async function payAs(orderId: string, columns: Partial<typeof payments.$inferInsert>) {
  await ctx.database.db.update(payments).set(columns).where(eq(payments.orderId, orderId));
}

function receipt(bookingNumber: string, cookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/bookings/${bookingNumber}/receipt.pdf`,
    headers: cookie ? { cookie } : {},
  });
}

describe('예매확인서', () => {
  it('prints the booking, each seat, the totals and the cancellation rules of a paid booking', async () => {
    const { buyer, created, session } = await paidBookingOfTwo();
    const unpaid = await receipt(created.bookingNumber, buyer.cookie);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({
      code: 'M003',
      message: '결제가 완료된 예매만 예매확인서를 받을 수 있습니다.',
    });

    await payInSandbox(ctx.app, session, created);
    const response = await receipt(created.bookingNumber, buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="curtaincall-receipt-${created.bookingNumber}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('예매확인서');
    expect(text).toContain(created.bookingNumber);
    expect(text).toContain('예매확인서 테스트 콘서트');
    expect(text).toContain('예매 완료');
    expect(text).toContain('신용·체크카드');
    // Issue 28: a card asks for no 현금영수증; the test concert is not marked 문화비.
    expect(text).not.toContain('현금영수증');
    expect(text).not.toContain('문화비 소득공제');
    // The test concert's first seats are 프리미엄 (150,000원) with the 2,000원 fee each.
    expect(created.amount).toBe(304_000);
    expect(text).toContain('총 결제금액 304,000원');
    expect(text).toContain('최종 결제금액 304,000원');
    expect(text).toContain('취소·환불 내역이 없습니다.');
    expect(text).toContain('공연 3일 전까지 취소 가능');
    expect(text).toContain('관람일 9일 ~ 7일 전 티켓 금액의 10%');
  });

  it('shows a refunded seat, its fee and what was finally paid', async () => {
    const { buyer, created, session } = await paidBookingOfTwo();
    await payInSandbox(ctx.app, session, created);
    const db = ctx.database.db;
    // One seat refunded with a 10 % fee and the booking fee kept, as the refund path records it.
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, created.orderId));
    const [first] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(payments, eq(payments.bookingId, tickets.bookingId))
      .where(eq(payments.orderId, created.orderId))
      .orderBy(tickets.id)
      .limit(1);
    if (!payment || !first) throw new Error('paid booking not found');
    const [refund] = await db
      .insert(paymentCancellations)
      .values({
        paymentId: payment.id,
        amount: 135_000,
        reason: '사용자 부분 취소',
        status: 'DONE',
        cancellationFee: 15_000,
        bookingFeeKept: 2_000,
        tier: 'D9_7',
      })
      .returning({ id: paymentCancellations.id });
    await db
      .update(tickets)
      .set({ status: 'CANCELED', refundId: refund?.id ?? null, canceledAt: new Date() })
      .where(eq(tickets.id, first.id));
    await db
      .update(payments)
      .set({ status: 'PARTIAL_CANCELED' })
      .where(eq(payments.id, payment.id));

    const text = await pdfText((await receipt(created.bookingNumber, buyer.cookie)).rawPayload);
    expect(text).toContain('부분 취소');
    expect(text).toContain('(취소)');
    expect(text).toMatch(/15,000원 2,000원 135,000원 환불 완료/);
    expect(text).toContain('환불 완료 금액 -135,000원');
    expect(text).toContain('최종 결제금액 169,000원');
  });

  it('prints a 간편결제 with its provider, the 현금영수증 of its cash portion and the 문화비 mark', async () => {
    const { buyer, created, session, concertId } = await paidBookingOfTwo();
    await payInSandbox(ctx.app, session, created);
    await payAs(created.orderId, {
      method: 'EASY_PAY',
      easyPayProvider: 'KAKAOPAY',
      cashAmount: 100_000,
      cashReceiptType: 'INCOME_DEDUCTION',
      cashReceiptNumberEncrypted: 'v1.c2VhbGVk.dGFn.MDEwMTIzNDU2Nzg',
      cashReceiptNumberMasked: '*******5678',
      cashReceiptIssueNumber: '131455789',
    });
    await ctx.database.db
      .update(concerts)
      .set({ cultureExpense: true })
      .where(eq(concerts.id, concertId));

    const text = await pdfText((await receipt(created.bookingNumber, buyer.cookie)).rawPayload);
    expect(text).toContain('결제수단 간편결제 (카카오페이)');
    expect(text).toContain('현금영수증 소득공제 *******5678 · 100,000원 · 승인번호 131455789');
    expect(text).toContain('문화비 소득공제 대상 공연입니다.');
    expect(text).not.toContain('c2VhbGVk');
  });

  it('prints a deposit by 가상계좌: the bank, and a 현금영수증 issued with the deposit', async () => {
    const { buyer, created, session } = await paidBookingOfTwo();
    await payInSandbox(ctx.app, session, created);
    await payAs(created.orderId, {
      method: 'VIRTUAL_ACCOUNT',
      virtualAccountBank: '20',
      virtualAccountNumber: '27912345678901',
      virtualAccountHolder: '커튼콜',
      virtualAccountDueAt: new Date(Date.now() + 86_400_000),
      cashReceiptType: 'EXPENSE_PROOF',
      cashReceiptNumberMasked: '******7890',
    });

    const text = await pdfText((await receipt(created.bookingNumber, buyer.cookie)).rawPayload);
    expect(text).toContain('결제수단 가상계좌(무통장입금) (우리은행 가상계좌)');
    // A deposit's receipt covers all of it.
    expect(text).toContain('현금영수증 지출증빙 ******7890 · 304,000원 · 입금 후 발급');
    expect(text).not.toContain('문화비 소득공제');
    // The account itself is for paying, not for the record of what was paid.
    expect(text).not.toContain('27912345678901');
  });

  it('a card 할부 names the card company and the months', async () => {
    const { buyer, created, session } = await paidBookingOfTwo();
    await payInSandbox(ctx.app, session, created);
    await payAs(created.orderId, { method: 'CARD', cardCompany: 'SHINHAN', installmentMonths: 3 });
    const text = await pdfText((await receipt(created.bookingNumber, buyer.cookie)).rawPayload);
    expect(text).toContain('결제수단 신용·체크카드 (신한카드 3개월 할부)');
  });

  it("is nobody else's: another buyer gets 404 as for an unknown number, a guest 401", async () => {
    const { created, session } = await paidBookingOfTwo();
    await payInSandbox(ctx.app, session, created);
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    const foreign = await receipt(created.bookingNumber, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'B008',
      message: '예매 정보를 찾을 수 없습니다.',
    });
    expect((await receipt(created.bookingNumber)).statusCode).toBe(401);
  });
});
