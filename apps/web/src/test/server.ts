import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Answers every test gets unless it overrides them with `server.use(...)`. */
export const defaultHandlers = [
  http.get('/api/auth/me', () => HttpResponse.json(null)),
  http.get('/api/concerts', () =>
    HttpResponse.json({
      success: true,
      data: {
        content: [],
        number: 0,
        size: 4,
        totalElements: 0,
        totalPages: 0,
        first: true,
        last: true,
        numberOfElements: 0,
        empty: true,
      },
    }),
  ),
];

export const server = setupServer(...defaultHandlers);
