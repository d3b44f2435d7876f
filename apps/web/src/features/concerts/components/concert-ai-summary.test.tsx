import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ConcertAiSummary } from './concert-ai-summary';

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

function serveSummary(answers: (() => Response | Promise<Response>)[]) {
  let call = 0;
  server.use(
    http.get('/api/concerts/5/ai-summary', () => {
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      if (!answer) throw new Error('no answer');
      return answer();
    }),
  );
}

const ok = (data: string) => () => HttpResponse.json({ success: true, data });

/** A three-part summary of `length` characters. */
function summaryOf(length: number): string {
  const head = '[전체 평가] 평균 4.6점, 리뷰 12개.\n[좋은 점] ';
  return head + '좋'.repeat(length - head.length);
}

describe('ConcertAiSummary', () => {
  it('shows a skeleton while loading, then the text with its paragraphs and the note', async () => {
    serveSummary([
      async () => {
        await delay(30);
        return HttpResponse.json({
          success: true,
          data: '[전체 평가] 만족도가 높습니다.\n[좋은 점] 음향이 좋았습니다.\n[아쉬운 점] 입장이 느렸습니다.',
        });
      },
    ]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    expect(screen.getByLabelText('AI 요약을 불러오는 중입니다')).toBeInTheDocument();
    expect(await screen.findByText('전체 평가')).toBeInTheDocument();
    expect(screen.getByText('좋은 점')).toBeInTheDocument();
    expect(screen.getByText('아쉬운 점')).toBeInTheDocument();
    expect(
      screen.getByText('관람객 리뷰를 바탕으로 AI가 자동 생성한 요약입니다.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /더보기/ })).not.toBeInTheDocument();
  });

  it('collapses beyond 200 characters on desktop', async () => {
    const user = userEvent.setup();
    act(() => {
      window.innerWidth = 1280;
    });
    serveSummary([ok(summaryOf(201))]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    const toggle = await screen.findByRole('button', { name: 'AI 요약 더보기' });
    const section = screen.getByRole('region', { name: 'AI 관람평 요약' });
    expect(section.textContent).toContain('…');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'AI 요약 접기' })).toBeInTheDocument();
    expect(section.textContent).not.toContain('…');
  });

  it('keeps exactly 200 characters whole on desktop', async () => {
    act(() => {
      window.innerWidth = 1280;
    });
    serveSummary([ok(summaryOf(200))]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    await screen.findByText('전체 평가');
    expect(screen.queryByRole('button', { name: /더보기/ })).not.toBeInTheDocument();
  });

  it('collapses beyond 160 characters on mobile', async () => {
    act(() => {
      window.innerWidth = 375;
    });
    serveSummary([ok(summaryOf(161))]);
    const { unmount } = renderWithProviders(<ConcertAiSummary concertId={5} />);
    expect(await screen.findByRole('button', { name: 'AI 요약 더보기' })).toBeInTheDocument();
    unmount();

    serveSummary([ok(summaryOf(160))]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    await screen.findByText('전체 평가');
    expect(screen.queryByRole('button', { name: /더보기/ })).not.toBeInTheDocument();
  });

  it('shows the empty sentence with a refresh that asks again', async () => {
    const user = userEvent.setup();
    serveSummary([ok(AI_SUMMARY_EMPTY), ok('[전체 평가] 새로 생성된 요약입니다.')]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    expect(await screen.findByText('AI 요약 정보가 아직 생성되지 않았습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '새로고침' }));
    expect(await screen.findByText(/새로 생성된 요약입니다/)).toBeInTheDocument();
  });

  it('says the summary cannot be loaded, with a refresh', async () => {
    serveSummary([
      () =>
        HttpResponse.json(
          { success: false, status: 503, code: 'AI001', message: 'x' },
          { status: 503 },
        ),
    ]);
    renderWithProviders(<ConcertAiSummary concertId={5} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('AI 요약을 불러올 수 없습니다.');
    expect(
      within(alert.parentElement ?? alert).getByRole('button', { name: '새로고침' }),
    ).toBeInTheDocument();
  });
});
