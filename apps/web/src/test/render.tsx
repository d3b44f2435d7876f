import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { currentUserQueryKey, type SessionUser } from '@/features/auth/api/get-current-user';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface SessionOption {
  /** Seeds the session: a user, null for anonymous, or 'fetch' to let `/auth/me` answer. */
  session?: SessionUser | null | 'fetch';
}

function seed(queryClient: QueryClient, session: SessionOption['session']): void {
  if (session !== 'fetch') queryClient.setQueryData(currentUserQueryKey, session ?? null);
}

/** Renders a component with the app's providers inside a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { session, route = '/' }: SessionOption & { route?: string } = {},
) {
  const queryClient = createTestQueryClient();
  seed(queryClient, session);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** Renders the whole app (all routes, guards and layouts) at a path. */
export function renderApp(path: string, { session }: SessionOption = {}) {
  const queryClient = createTestQueryClient();
  seed(queryClient, session);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
