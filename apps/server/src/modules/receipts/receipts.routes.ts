import { bookingNumberParamsSchema } from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import type { ReceiptsService } from './receipts.service';

/** The 예매확인서 (issue 27, point 7). */
export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  app.get(
    '/bookings/:bookingNumber/receipt.pdf',
    {
      preHandler: guard.session,
      schema: {
        tags: ['payments'],
        summary:
          '예매확인서 PDF (본인의 결제된 예매: 좌석별 금액, 할인, 수수료, 환불 내역; 오류는 JSON 봉투)',
        params: bookingNumberParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await receipts.getReceiptPdf({
        user: requireSessionUser(request),
        bookingNumber: request.params.bookingNumber,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
