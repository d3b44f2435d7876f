import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { ErrorScreen } from './routes/error-screen';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary fallback={(error) => <ErrorScreen error={error} />}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
