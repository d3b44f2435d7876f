import { errorMessages, mypageMessages } from '@curtaincall/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { LogoutEverywherePanel, logoutEverywhereTexts } from './logout-everywhere-panel';

/** Serves the endpoint and counts the calls it got. */
function serveLogoutAll(answer: () => Response) {
  const calls: string[] = [];
  server.use(
    http.post('/api/users/me/sessions/logout-all', ({ request }) => {
      calls.push(request.method);
      return answer();
    }),
  );
  return calls;
}

function renderPanel() {
  const onLoggedOut = vi.fn();
  renderWithProviders(
    <Routes>
      <Route path="/mypage/profile" element={<LogoutEverywherePanel onLoggedOut={onLoggedOut} />} />
      <Route path="/login" element={<h1>로그인 페이지</h1>} />
    </Routes>,
    { route: '/mypage/profile' },
  );
  return { onLoggedOut };
}

describe('LogoutEverywherePanel', () => {
  it('asks first in Korean; cancelling sends nothing and keeps the user', async () => {
    const calls = serveLogoutAll(() =>
      HttpResponse.json({ success: true, message: mypageMessages.loggedOutEverywhere }),
    );
    const { onLoggedOut } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '모든 기기에서 로그아웃' }));
    const dialog = screen.getByRole('dialog', { name: '모든 기기에서 로그아웃할까요?' });
    expect(dialog).toHaveTextContent('지금 사용 중인 이 기기를 포함해');
    // Focus starts on 취소, so a stray Enter does not log everything out.
    expect(within(dialog).getByRole('button', { name: '취소' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('on confirm ends every session, forgets the user and goes to the login page', async () => {
    const calls = serveLogoutAll(() =>
      HttpResponse.json({ success: true, message: mypageMessages.loggedOutEverywhere }),
    );
    const { onLoggedOut } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: logoutEverywhereTexts.button }));
    await user.click(screen.getByRole('button', { name: '모두 로그아웃' }));
    expect(await screen.findByRole('heading', { name: '로그인 페이지' })).toBeInTheDocument();
    expect(calls).toEqual(['POST']);
    expect(onLoggedOut).toHaveBeenCalledOnce();
    expect(toastStore.getSnapshot()).toMatchObject([
      { type: 'success', message: mypageMessages.loggedOutEverywhere },
    ]);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    serveLogoutAll(() =>
      HttpResponse.json(
        { success: false, status: 503, code: 'C012', message: errorMessages.C012 },
        { status: 503 },
      ),
    );
    const { onLoggedOut } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: logoutEverywhereTexts.button }));
    await user.click(screen.getByRole('button', { name: '모두 로그아웃' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.C012);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '로그인 페이지' })).not.toBeInTheDocument();
    expect(onLoggedOut).not.toHaveBeenCalled();
  });
});
