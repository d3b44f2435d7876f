import { Home, RotateCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';

export const errorScreenTitle = '일시적인 오류가 발생했습니다';

function describeError(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return null;
}

/** The global error screen: reload or go home (buyer-side.md §2). Works without a router. */
export function ErrorScreen({ error }: { error?: unknown }) {
  const detail = import.meta.env.DEV ? describeError(error) : null;
  return (
    <div className="flex min-h-[70vh] items-center justify-center">
      <StatusScreen
        icon={TriangleAlert}
        title={errorScreenTitle}
        description={
          <>
            <p>페이지를 표시하는 중 예상하지 못한 문제가 발생했습니다.</p>
            <p>새로고침하거나 홈으로 이동해 다시 시도해주세요.</p>
            {detail && (
              <pre className="mt-4 max-w-full overflow-x-auto rounded-lg bg-surface-900 p-3 text-left text-xs text-zinc-400">
                {detail}
              </pre>
            )}
          </>
        }
      >
        <div className="flex flex-col justify-center gap-3 tablet:flex-row">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden />
            새로고침
          </Button>
          {/* A full page load, so whatever state broke the page starts fresh. */}
          <a href="/" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
            <Home className="size-4" aria-hidden />
            홈으로
          </a>
        </div>
      </StatusScreen>
    </div>
  );
}

/** `errorElement` of the router: unexpected render or loading errors. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
