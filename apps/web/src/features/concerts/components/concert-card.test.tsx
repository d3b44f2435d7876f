import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeConcert, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ConcertCard } from './concert-card';
import { ConcertSearchResults } from './concert-search-results';
import { FeaturedConcerts } from './featured-concerts';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

const winterTour = makeConcert({
  concertId: 31,
  title: '겨울 투어',
  concertDate: '2026-12-20',
  startTime: '18:00:00',
  show: { showId: 31, performanceCount: 3, firstDate: '2026-12-20', lastDate: '2026-12-22' },
});
const oneNight = makeConcert({
  concertId: 32,
  title: '하룻밤 공연',
  concertDate: '2026-12-24',
  startTime: '19:30:00',
});

function cardOf(title: string) {
  const card = screen.getByRole('link', { name: title }).closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return card;
}

describe('ConcertCard and 회차', () => {
  it('gives a show of several 회차 its date range and count instead of one date', () => {
    renderWithProviders(
      <>
        <ConcertCard concert={winterTour} />
        <ConcertCard concert={oneNight} />
      </>,
    );
    const show = cardOf('겨울 투어');
    expect(show).toHaveTextContent('2026.12.20 ~ 12.22 · 3회');
    expect(within(show).getByText('공연 기간')).toHaveClass('sr-only');
    expect(show).not.toHaveTextContent('오후 6:00');
    // A concert of one date is the spec's card, unchanged.
    const single = cardOf('하룻밤 공연');
    expect(plain(single.textContent)).toContain('2026.12.24 (목) 오후 7:30');
    expect(single).not.toHaveTextContent('회');
    expect(screen.getByRole('link', { name: '겨울 투어' })).toHaveAttribute('href', '/concerts/31');
  });

  it('says the range on the home page’s featured cards and in the search results', async () => {
    server.use(
      http.get('/api/concerts', () =>
        HttpResponse.json({ success: true, data: pageOf([winterTour, oneNight], { size: 4 }) }),
      ),
      http.get('/api/concerts/search', () =>
        HttpResponse.json({ success: true, data: [winterTour] }),
      ),
    );
    const featured = renderWithProviders(<FeaturedConcerts />);
    await screen.findByRole('link', { name: '겨울 투어' });
    expect(cardOf('겨울 투어')).toHaveTextContent('2026.12.20 ~ 12.22 · 3회');
    featured.unmount();

    renderWithProviders(<ConcertSearchResults query="겨울" />);
    await screen.findByRole('link', { name: '겨울 투어' });
    expect(cardOf('겨울 투어')).toHaveTextContent('2026.12.20 ~ 12.22 · 3회');
  });
});
