import { useEffect } from 'react';
import { useMatches } from 'react-router';

export const siteName = '커튼콜';
export const defaultTitle = '커튼콜 | 콘서트 티켓 예매';
export const defaultDescription =
  '커튼콜에서 좋아하는 아티스트의 콘서트를 찾고, 공정한 대기열과 실시간 좌석 선택으로 티켓을 예매하세요.';

/** What a route declares in its `handle` for the document head. */
export interface RouteMetaHandle {
  title?: string;
  description?: string;
}

function isRouteMetaHandle(handle: unknown): handle is RouteMetaHandle {
  return (
    typeof handle === 'object' && handle !== null && ('title' in handle || 'description' in handle)
  );
}

/** '로그인' -> '로그인 | 커튼콜'; no title -> the site's default title. */
export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} | ${siteName}` : defaultTitle;
}

function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets document.title and the meta description from the deepest route that declares them. */
export function RouteMeta() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteMetaHandle);
  const title = handle?.title;
  const description = handle?.description ?? defaultDescription;

  useEffect(() => {
    document.title = formatDocumentTitle(title);
    setMetaDescription(description);
  }, [title, description]);

  return null;
}
