import {
  concertIdParamsSchema,
  envelopeSchema,
  showPerformancesSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../http/json-text';
import type { PerformancesService } from './performances.service';

/**
 * Places move with the sale: a browser or proxy may keep an answer as long as the server
 * itself would (performances.service.ts), no longer.
 */
const PUBLIC_LIVE = 'public, max-age=1';

/** The buyer's 회차 choice on a concert's detail page (issue 26). */
export const performancesRoutes: FastifyPluginAsyncZod<{
  performances: PerformancesService;
}> = async (app, { performances }) => {
  app.get(
    '/concerts/:concertId/performances',
    {
      schema: {
        tags: ['concerts'],
        summary:
          '공연의 모든 회차 (날짜·시간순, 모든 상태, 회차별 잔여석과 등급별 잔여석; 단일 공연은 자신만)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(showPerformancesSchema).meta({
            examples: [
              {
                success: true,
                data: {
                  showId: 12,
                  maxTicketsPerShow: null,
                  performances: [
                    {
                      concertId: 31,
                      concertDate: '2026-12-20',
                      startTime: '18:00:00',
                      endTime: '20:30:00',
                      status: 'SOLD_OUT',
                      bookingStartDate: '2026-12-01T20:00:00',
                      bookingEndDate: '2026-12-19T23:59:00',
                      totalSeats: 2000,
                      remainingSeats: 0,
                      grades: [
                        {
                          code: 'VIP',
                          name: 'VIP석',
                          price: 165000,
                          color: '#C9A227',
                          totalPlaces: 300,
                          available: 0,
                          held: 0,
                          standing: false,
                        },
                        {
                          code: 'R',
                          name: 'R석',
                          price: 143000,
                          color: null,
                          totalPlaces: 1700,
                          available: 0,
                          held: 0,
                          standing: false,
                        },
                      ],
                    },
                    {
                      concertId: 32,
                      concertDate: '2026-12-21',
                      startTime: '17:00:00',
                      endTime: '19:30:00',
                      status: 'ON_SALE',
                      bookingStartDate: '2026-12-01T20:00:00',
                      bookingEndDate: '2026-12-20T23:59:00',
                      totalSeats: 2000,
                      remainingSeats: 1622,
                      grades: [
                        {
                          code: 'VIP',
                          name: 'VIP석',
                          price: 165000,
                          color: '#C9A227',
                          totalPlaces: 300,
                          available: 212,
                          held: 10,
                          standing: false,
                        },
                        {
                          code: 'R',
                          name: 'R석',
                          price: 143000,
                          color: null,
                          totalPlaces: 1700,
                          available: 1410,
                          held: 0,
                          standing: false,
                        },
                      ],
                    },
                  ],
                },
              },
            ],
          }),
        },
      },
    },
    // Served as ready JSON from a short per-show cache (see performances.service.ts).
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_LIVE);
      return sendJsonText(reply, await performances.performancesJson(request.params.concertId));
    },
  );
};
