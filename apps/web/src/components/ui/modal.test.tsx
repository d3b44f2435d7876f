import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal isOpen={false} onClose={vi.fn()} title="제목">
        내용
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled dialog that takes the focus', () => {
    render(
      <Modal isOpen onClose={vi.fn()} title="관람평 작성" size="large">
        <input aria-label="제목" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: '관람평 작성' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-size', 'large');
    expect(dialog).toHaveClass('max-w-2xl');
    expect(screen.getByRole('button', { name: '닫기' })).toHaveFocus();
  });

  it.each([
    ['small', 'max-w-sm'],
    ['medium', 'max-w-lg'],
  ] as const)('has the %s size', (size, className) => {
    render(
      <Modal isOpen onClose={vi.fn()} title="창" size={size}>
        내용
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toHaveClass(className);
  });

  it('closes with Escape, the close button and a click on the backdrop, not inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal isOpen onClose={onClose} title="창">
        <p>내용</p>
      </Modal>,
    );
    await user.click(screen.getByText('내용'));
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
