import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { emptyPage, makeConcertDetail } from './fixtures';

/** Answers every test gets unless it overrides them with `server.use(...)`. */
export const defaultHandlers = [
  http.get('/api/auth/me', () => HttpResponse.json(null)),
  http.get('/api/concerts', () => HttpResponse.json({ success: true, data: emptyPage(4) })),
  http.get('/api/concerts/search', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/concerts/filter', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/concerts/reviews/:concertId', () =>
    HttpResponse.json({ success: true, data: emptyPage(10) }),
  ),
  http.get('/api/concerts/:concertId/expectations', () =>
    HttpResponse.json({ success: true, data: emptyPage(10) }),
  ),
  http.get('/api/concerts/:concertId/ai-summary', () =>
    HttpResponse.json({ success: true, data: AI_SUMMARY_EMPTY }),
  ),
  http.get('/api/concerts/:concertId', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: makeConcertDetail({ concertId: Number(params.concertId) }),
    }),
  ),
];

export const server = setupServer(...defaultHandlers);
