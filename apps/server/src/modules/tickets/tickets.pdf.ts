import PDFDocument from 'pdfkit';
import { PROOF_AT_ENTRY, ticketTypeKindLabels } from '@curtaincall/contracts';
import QRCode from 'qrcode';
import { koreanDate, loadPdfFonts } from '../../lib/pdf-fonts';

/** What one PDF prints: the booking's concert, and one page per ticket. */
export interface TicketsPdfInput {
  bookingNumber: string;
  concertTitle: string;
  artist: string;
  /** `YYYY-MM-DD`. */
  concertDate: string;
  /** `HH:mm`. */
  startTime: string;
  endTime: string;
  venueName: string;
  venueAddress: string;
  tickets: Array<{
    seatLabel: string;
    gradeName: string;
    /** '일반' prints the grade alone. */
    ticketTypeName: string;
    proofRequired: boolean;
    token: string;
  }>;
}

/* A6 portrait, in points (1/72 inch): a ticket-sized page that also prints fine on A4. */
const PAGE = { width: 297.64, height: 419.53 };
const MARGIN = 20;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** The QR code's side: 170 pt is 6 cm, far above the 150 pt a phone camera needs at arm's length. */
const QR_SIZE = 170;
const INK = '#111111';
const MUTED = '#666666';
const ACCENT = '#7c3aed';
const ROWS_TOP = 116;
const ROW_HEIGHT = 15;

/**
 * The 권종 shares the grade's row and the proof note the footer's line: a row of its own would
 * push the QR code past the A6 page.
 */
function gradeWithType(ticket: { gradeName: string; ticketTypeName: string }): string {
  return ticket.ticketTypeName === ticketTypeKindLabels.GENERAL
    ? ticket.gradeName
    : `${ticket.gradeName} · ${ticket.ticketTypeName}`;
}

function entryNote(ticket: { proofRequired: boolean }): string {
  return ticket.proofRequired
    ? `입장 시 이 QR 코드와 증빙 서류를 보여주세요. (${PROOF_AT_ENTRY})`
    : '입장 시 이 QR 코드를 보여주세요.';
}

/**
 * The tickets of one booking as a PDF: one page per ticket with the concert, the seat and a QR
 * code of the ticket's signed token. Every text box has a fixed height (long titles end in an
 * ellipsis), so a ticket never spills onto a second page.
 */
export async function renderTicketsPdf(input: TicketsPdfInput): Promise<Buffer> {
  const { regular, bold } = await loadPdfFonts();
  const qrImages = await Promise.all(
    input.tickets.map((ticket) =>
      // A 4-module quiet zone (the standard's) and level M, which survives a crease or smudge.
      QRCode.toBuffer(ticket.token, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 4,
        scale: 8,
      }),
    ),
  );

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: `커튼콜 티켓 ${input.bookingNumber}`,
      Author: '커튼콜 CurtainCall',
      Subject: input.concertTitle,
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

  const total = input.tickets.length;
  input.tickets.forEach((ticket, index) => {
    doc.addPage();
    const line = (text: string, y: number, options: { height: number; align?: 'center' }) =>
      doc.text(text, MARGIN, y, {
        width: CONTENT_WIDTH,
        height: options.height,
        ellipsis: true,
        align: options.align ?? 'left',
      });

    doc.rect(0, 0, PAGE.width, 6).fill(ACCENT);
    doc.font('bold').fontSize(16).fillColor(ACCENT).text('커튼콜', MARGIN, MARGIN, {
      lineBreak: false,
    });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`티켓 ${index + 1} / ${total}`, MARGIN, MARGIN + 6, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc
      .moveTo(MARGIN, 46)
      .lineTo(PAGE.width - MARGIN, 46)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();

    doc.font('bold').fontSize(14).fillColor(INK);
    line(input.concertTitle, 52, { height: 42 });
    doc.font('regular').fontSize(10).fillColor(MUTED);
    line(input.artist, 95, { height: 15 });

    const rows: Array<[string, string]> = [
      ['일시', `${koreanDate(input.concertDate)} ${input.startTime} ~ ${input.endTime}`],
      ['장소', input.venueName],
      ['주소', input.venueAddress || '-'],
      ['좌석', ticket.seatLabel],
      ['등급', gradeWithType(ticket)],
      ['예매번호', input.bookingNumber],
    ];
    rows.forEach(([label, value], row) => {
      const y = ROWS_TOP + row * ROW_HEIGHT;
      doc.font('regular').fontSize(8.5).fillColor(MUTED).text(label, MARGIN, y, {
        width: 48,
        lineBreak: false,
      });
      doc
        .font(label === '좌석' ? 'bold' : 'regular')
        .fontSize(9)
        .fillColor(INK)
        .text(value, MARGIN + 50, y, {
          width: CONTENT_WIDTH - 50,
          height: 13,
          ellipsis: true,
        });
    });

    // 210 + 170 + 4 + 12 = 396 pt: the footer ends above the 399.5 pt bottom margin.
    const qrTop = ROWS_TOP + rows.length * ROW_HEIGHT + 4;
    const qrImage = qrImages[index];
    if (qrImage) {
      doc.image(qrImage, (PAGE.width - QR_SIZE) / 2, qrTop, { width: QR_SIZE, height: QR_SIZE });
    }
    doc.font('regular').fontSize(8).fillColor(MUTED);
    line(entryNote(ticket), qrTop + QR_SIZE + 4, { height: 12, align: 'center' });
  });

  doc.end();
  return finished;
}
