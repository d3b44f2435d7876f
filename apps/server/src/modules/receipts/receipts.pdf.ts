import PDFDocument from 'pdfkit';
import { koreanDate, loadPdfFonts } from '../../lib/pdf-fonts';
import type { ReceiptDocument } from './receipts.service';

/* A4 portrait, in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const INK = '#111111';
const MUTED = '#555555';
const ACCENT = '#7c3aed';
const RULE = '#cccccc';

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const minus = (amount: number) => (amount > 0 ? `-${won(amount)}` : won(0));

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * The 예매확인서 as a PDF: booking, show, payment (method, 현금영수증, the 문화비 소득공제 mark),
 * each seat's price line, refunds with their fees, what was finally paid, and the cancellation
 * rules. Tables break onto a new page with
 * their header repeated, so a long booking never loses a row.
 */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { regular, bold } = await loadPdfFonts();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: {
      Title: `예매확인서 ${receipt.bookingNumber}`,
      Author: '커튼콜 CurtainCall',
      Subject: receipt.concertTitle,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height <= BOTTOM) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const heading = (text: string) => {
    ensure(40);
    y += 6;
    doc.font('bold').fontSize(12).fillColor(ACCENT).text(text, MARGIN, y, { lineBreak: false });
    y += 17;
  };
  const pairs = (rows: Array<[string, string]>) => {
    for (const [label, value] of rows) {
      ensure(15);
      doc.font('regular').fontSize(9).fillColor(MUTED).text(label, MARGIN, y, {
        width: 80,
        lineBreak: false,
      });
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text(value, MARGIN + 84, y, {
          width: WIDTH - 84,
          height: 14,
          ellipsis: true,
        });
      y += 14;
    }
  };
  /** `notes[i]`, when given, is printed small under row i (a ticket's '현장에서 증빙 필요'). */
  const table = (
    columns: Column[],
    rows: string[][],
    options: { boldLast?: boolean; notes?: Array<string | null> } = {},
  ) => {
    const drawHeader = () => {
      let x = MARGIN;
      doc.font('bold').fontSize(8.5).fillColor(MUTED);
      for (const column of columns) {
        doc.text(column.title, x + 2, y, {
          width: column.width - 4,
          align: column.align ?? 'left',
          lineBreak: false,
        });
        x += column.width;
      }
      y += 14;
      doc
        .moveTo(MARGIN, y - 2)
        .lineTo(MARGIN + WIDTH, y - 2)
        .lineWidth(0.5)
        .strokeColor(RULE);
      doc.stroke();
    };
    ensure(30);
    drawHeader();
    rows.forEach((row, index) => {
      const note = options.notes?.[index] ?? null;
      if (ensure(note ? 27 : 16)) drawHeader();
      let x = MARGIN;
      const last = options.boldLast === true && index === rows.length - 1;
      doc
        .font(last ? 'bold' : 'regular')
        .fontSize(9)
        .fillColor(INK);
      row.forEach((cell, column) => {
        const spec = columns[column];
        if (!spec) return;
        doc.text(cell, x + 2, y, {
          width: spec.width - 4,
          height: 12,
          align: spec.align ?? 'left',
          ellipsis: true,
        });
        x += spec.width;
      });
      y += 15;
      if (note) {
        const indent = (columns[0]?.width ?? 0) + (columns[1]?.width ?? 0);
        doc.font('regular').fontSize(8).fillColor(MUTED);
        doc.text(note, MARGIN + indent + 2, y - 2, { width: WIDTH - indent, lineBreak: false });
        y += 11;
      }
    });
    y += 4;
  };

  doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
  doc.font('bold').fontSize(20).fillColor(INK).text('예매확인서', MARGIN, y, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(ACCENT)
    .text('커튼콜', MARGIN, y + 6, { width: WIDTH, align: 'right', lineBreak: false });
  y += 30;
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text(`발행 ${receipt.issuedAt} (한국 시간)`, MARGIN, y, { lineBreak: false });
  y += 14;

  heading('예매 정보');
  pairs([
    ['예매번호', receipt.bookingNumber],
    ['예매자', receipt.buyerName],
    ['예매일시', receipt.bookedAt],
    ['상태', receipt.statusLabel],
  ]);

  heading('공연 정보');
  pairs([
    ['공연', receipt.concertTitle],
    ['아티스트', receipt.artist],
    ['일시', `${koreanDate(receipt.concertDate)} ${receipt.startTime}`],
    ['장소', receipt.venue || '-'],
  ]);

  heading('결제 정보');
  pairs([
    ['결제수단', receipt.payment.methodLabel],
    ['결제일시', receipt.payment.approvedAt],
    ['결제금액', won(receipt.payment.amount)],
    ...(receipt.payment.cashReceipt
      ? ([['현금영수증', receipt.payment.cashReceipt]] as Array<[string, string]>)
      : []),
  ]);
  if (receipt.cultureExpense) {
    ensure(16);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(ACCENT)
      .text('문화비 소득공제 대상 공연입니다.', MARGIN, y, { lineBreak: false });
    y += 16;
  }

  heading('좌석별 금액');
  table(
    [
      { title: '좌석', width: 112 },
      { title: '등급', width: 50 },
      { title: '권종', width: 116 },
      { title: '정가', width: 60, align: 'right' },
      { title: '할인', width: 58, align: 'right' },
      { title: '예매수수료', width: 52, align: 'right' },
      { title: '금액', width: 67, align: 'right' },
    ],
    receipt.tickets.map((t) => [
      t.cancelled ? `${t.seatLabel} (취소)` : t.seatLabel,
      t.gradeName,
      t.ticketTypeName,
      won(t.gradePrice),
      minus(t.discount),
      won(t.bookingFee),
      won(t.amount),
    ]),
    { notes: receipt.tickets.map((t) => t.note) },
  );

  heading('결제 내역');
  const totals = receipt.totals;
  table(
    [
      { title: '항목', width: 340 },
      { title: '금액', width: 175, align: 'right' },
    ],
    [
      ['티켓 정가 합계', won(totals.gradeTotal)],
      ['권종 할인', minus(totals.typeDiscountTotal)],
      [
        receipt.promoCode ? `할인 코드 (${receipt.promoCode})` : '할인 코드',
        minus(totals.codeDiscountTotal),
      ],
      ['예매수수료', won(totals.bookingFeeTotal)],
      ['총 결제금액', won(totals.total)],
    ],
    { boldLast: true },
  );

  heading('취소·환불 내역');
  if (receipt.refunds.length === 0) {
    ensure(16);
    doc.font('regular').fontSize(9).fillColor(MUTED).text('취소·환불 내역이 없습니다.', MARGIN, y);
    y += 20;
  } else {
    table(
      [
        { title: '일시', width: 82 },
        { title: '좌석', width: 150 },
        { title: '취소수수료', width: 66, align: 'right' },
        { title: '미환불 예매수수료', width: 80, align: 'right' },
        { title: '환불금액', width: 70, align: 'right' },
        { title: '상태', width: 67 },
      ],
      receipt.refunds.map((r) => [
        r.at,
        r.seats,
        won(r.cancellationFee),
        won(r.bookingFeeKept),
        won(r.amount),
        r.statusLabel,
      ]),
    );
  }
  table(
    [
      { title: '정산', width: 340 },
      { title: '금액', width: 175, align: 'right' },
    ],
    [
      ['결제금액', won(receipt.payment.amount)],
      ['환불 완료 금액', minus(receipt.refundedTotal)],
      ['최종 결제금액', won(receipt.netPaid)],
    ],
    { boldLast: true },
  );

  heading('취소 규정');
  pairs([['취소 마감', `공연 ${receipt.cancelDeadlineDays}일 전까지 취소 가능`]]);
  table(
    [
      { title: '취소 시점', width: 260 },
      { title: '취소수수료', width: 255 },
    ],
    receipt.feeTable.map((row) => [row.when, row.fee]),
  );
  ensure(14);
  y += 2;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      '예매수수료는 예매 당일 취소 시에만 환불됩니다. 주최측 사정으로 공연이 취소되면 수수료를 포함해 전액 환불됩니다.',
      MARGIN,
      y,
      { width: WIDTH },
    );

  doc.end();
  return finished;
}
