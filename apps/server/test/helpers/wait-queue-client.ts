import { WebSocket } from 'ws';

/**
 * A real `ws` client for /ws/waitqueue with listeners attached before the handshake, as a
 * browser's onmessage is: collects frames, the close, and a refused upgrade's status.
 */
export function connectWaitQueue(
  baseUrl: string,
  concertId: string | number,
  headers: { cookie?: string; origin?: string } = {},
) {
  const socket = new WebSocket(`${baseUrl}/ws/waitqueue?concertId=${concertId}`, {
    headers: {
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
      ...(headers.origin ? { origin: headers.origin } : {}),
    },
  });
  const frames: Array<Record<string, unknown>> = [];
  socket.on('message', (data) =>
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const refused = new Promise<number>((resolve) => {
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
  });
  socket.on('error', () => undefined);
  /** Waits (up to 3 s) until at least `count` frames arrived, and returns them all. */
  const next = async (count: number) => {
    const deadline = Date.now() + 3_000;
    while (frames.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return frames;
  };
  return { socket, frames, closed, refused, next };
}
