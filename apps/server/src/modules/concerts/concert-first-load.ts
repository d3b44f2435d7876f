import { concertListQuerySchema, limits } from '@curtaincall/contracts';
import { AppError } from '../../http/app-error';
import {
  firstLoadAnswerKey,
  type FirstLoadHints,
  type FirstLoadHintsFor,
} from '../../http/first-load-page';
import type { ConcertsService } from './concerts.service';

/** The web app's poster for a concert without one (apps/web concert-poster.tsx). */
const fallbackPosterUrl = '/images/basic-poster-image.png';

/**
 * The first-load hints of the public concert pages (home, all concerts, a concert's detail): the
 * list or detail answer the page asks for first, its first poster (the LCP image) and its code.
 * The parameters are the ones the web app sends on a plain first visit (featured-concerts.tsx:
 * page 0 of homeFeaturedConcerts; use-catalog-params.ts: page 0 of concertPageSizeDefault by
 * date, ascending); a key that does not match is simply never used and the page fetches.
 */
export function concertFirstLoadHints(concerts: ConcertsService): FirstLoadHintsFor {
  async function listHints(
    params: Record<string, string>,
    module: string,
  ): Promise<FirstLoadHints> {
    const json = await concerts.listConcertsJson(concertListQuerySchema.parse(params));
    const first = (
      JSON.parse(json) as { data: { content: Array<{ posterImageUrl: string | null }> } }
    ).data.content[0];
    return {
      answers: [{ key: firstLoadAnswerKey('/api/concerts', params), json }],
      image: first ? (first.posterImageUrl ?? fallbackPosterUrl) : null,
      modules: [module],
    };
  }

  return async (pathname) => {
    if (pathname === '/') {
      return listHints(
        { page: '0', size: String(limits.homeFeaturedConcerts) },
        'src/app/routes/home-page.tsx',
      );
    }
    if (pathname === '/concerts') {
      return listHints(
        {
          page: '0',
          size: String(limits.concertPageSizeDefault),
          sortBy: 'concertDate',
          sortDir: 'asc',
        },
        'src/app/routes/concerts-page.tsx',
      );
    }
    const detail = /^\/concerts\/([1-9]\d{0,9})$/.exec(pathname);
    const concertId = Number(detail?.[1]);
    if (!detail || concertId > 2_147_483_647) return null;
    try {
      const concert = await concerts.getConcert(concertId);
      return {
        answers: [
          {
            key: firstLoadAnswerKey(`/api/concerts/${concertId}`),
            json: JSON.stringify({ success: true, data: concert }),
          },
        ],
        image: concert.posterImageUrl ?? fallbackPosterUrl,
        modules: ['src/app/routes/concert-detail-page.tsx'],
      };
    } catch (error) {
      // No such concert: the page shows its own not-found state from the API's answer.
      if (error instanceof AppError) return null;
      throw error;
    }
  };
}
