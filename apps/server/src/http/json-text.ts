import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialised (a cached response). Fastify skips the schema serializer
 * for a string with a JSON content type, so the route's response schema documents the shape and
 * the code that built the string is what guarantees it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
