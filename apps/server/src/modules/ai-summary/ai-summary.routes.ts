import {
  concertIdParamsSchema,
  envelopeSchema,
  sellerConcertMessages,
  sellerIdQuerySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { guard, requireSeller } from '../../http/guards';
import type { AiSummaryService } from './ai-summary.service';

/**
 * `POST /seller/concerts/{id}/ai-summary/regenerate` (api-contract.md §11.4, §14.16): the
 * session seller regenerates the AI review summary of an own concert, under the service's rules
 * (30 s cooldown per concert, not cancelled, not started, a review of 10+ characters).
 */
export const aiSummaryRoutes: FastifyPluginAsyncZod<{ aiSummaries: AiSummaryService }> = async (
  app,
  { aiSummaries },
) => {
  app.post(
    '/seller/concerts/:concertId/ai-summary/regenerate',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: 'AI 관람평 요약 다시 만들기 (내 콘서트, 30초에 한 번)',
        params: concertIdParamsSchema,
        querystring: sellerIdQuerySchema,
        // The client sends `{}`; nothing in it is read, and a call without a body is as good.
        body: z.object({}).nullish(),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => {
      const seller = await requireSeller(request);
      const { sellerId } = request.query;
      if (sellerId !== undefined && sellerId !== seller.id) {
        throw new AppError('S002', sellerConcertMessages.notOwner);
      }
      const { text, message } = await aiSummaries.regenerateBySeller({
        sellerId: seller.id,
        concertId: request.params.concertId,
      });
      return { success: true as const, message, data: text };
    },
  );
};
