import { toastTiming } from '@curtaincall/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  toastStore.reset();
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toast', () => {
  it('stays visible for 3000 ms, fades for 300 ms, then disappears', () => {
    expect(toastTiming).toEqual({ durationMs: 3000, fadeMs: 300 });
    render(<Toaster />);
    act(() => {
      toast.success('저장되었습니다.');
    });

    const item = screen.getByRole('status');
    expect(item).toHaveTextContent('저장되었습니다.');
    expect(item).toHaveAttribute('data-state', 'visible');

    advance(2999);
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'visible');

    advance(1);
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'leaving');

    advance(299);
    expect(screen.getByText('저장되었습니다.')).toBeInTheDocument();

    advance(1);
    expect(screen.queryByText('저장되었습니다.')).not.toBeInTheDocument();
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('supports the four types, errors being announced as alerts', () => {
    render(<Toaster />);
    act(() => {
      toast.info('안내 메시지');
      toast.warning('주의 메시지');
      toast.error('오류 메시지');
      toast.success('성공 메시지');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('오류 메시지');
    const types = toastStore.getSnapshot().map((t) => t.type);
    expect(types).toEqual(['info', 'warning', 'error', 'success']);
    expect(screen.getByText('주의 메시지').closest('[data-type]')).toHaveAttribute(
      'data-type',
      'warning',
    );
  });

  it('places toasts at the requested position (top-center by default)', () => {
    const { container } = render(<Toaster />);
    act(() => {
      toast.info('기본 위치');
      toast.info('왼쪽 아래', { position: 'bottom-left' });
    });
    const region = (position: string) => {
      const element = container.querySelector<HTMLElement>(`[data-position="${position}"]`);
      if (!element) throw new Error(`no toast region ${position}`);
      return element;
    };
    expect(region('top-center')).toHaveAttribute('aria-live', 'polite');
    expect(within(region('top-center')).getByText('기본 위치')).toBeInTheDocument();
    expect(within(region('bottom-left')).getByText('왼쪽 아래')).toBeInTheDocument();
    expect(within(region('top-center')).queryByText('왼쪽 아래')).not.toBeInTheDocument();
  });

  it('fades out and is removed 300 ms after being dismissed', () => {
    render(<Toaster />);
    act(() => {
      toast.info('닫을 알림');
    });
    act(() => {
      screen.getByRole('button', { name: '알림 닫기' }).click();
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'leaving');
    advance(300);
    expect(screen.queryByText('닫을 알림')).not.toBeInTheDocument();
  });
});
