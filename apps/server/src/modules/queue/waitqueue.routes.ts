import { concertIdQuerySchema } from '@curtaincall/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { requireSessionUser } from '../../http/guards';
import type { WaitQueueSockets } from './waitqueue-sockets';

/** Same origin as the request, or one of the configured origins (api-contract.md §1.7). */
function isAllowedOrigin(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    if (new URL(origin).host === request.headers.host) return true;
  } catch {
    return false;
  }
  return allowedOrigins.includes(origin);
}

/**
 * `GET /ws/waitqueue?concertId=` (outside /api). The upgrade is refused before it happens:
 * 401 without a session, 400 without a numeric concertId, 403 from a foreign origin, 404 (T003)
 * for an unknown concert (an error after the upgrade could only close the socket, and was logged
 * as unhandled).
 */
export const waitQueueRoutes: FastifyPluginAsync<{
  sockets: WaitQueueSockets;
  allowedOrigins: string[];
  /** Throws 404 T003 for an unknown concert. */
  assertConcertExists: (concertId: number) => Promise<unknown>;
}> = async (app, { sockets, allowedOrigins, assertConcertExists }) => {
  app.route({
    method: 'GET',
    url: '/ws/waitqueue',
    preValidation: async (request) => {
      if (!isAllowedOrigin(request, allowedOrigins))
        throw new AppError('P001', '허용되지 않은 출처입니다.');
      requireSessionUser(request);
      const query = concertIdQuerySchema.safeParse(request.query);
      if (!query.success) throw new AppError('C001', '콘서트 ID는 1 이상의 양수여야 합니다.');
      await assertConcertExists(query.data.concertId);
    },
    // A plain request (no upgrade) gets the envelope, not @fastify/websocket's empty 404.
    handler: async () => {
      throw new AppError('C007', '웹소켓 연결 요청만 받을 수 있습니다.');
    },
    wsHandler: async (socket, request) => {
      const user = requireSessionUser(request);
      const { concertId } = concertIdQuerySchema.parse(request.query);
      await sockets.attach({ concertId, user, socket });
    },
  });
};
