import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Modal, ModalDismissButton } from './modal';

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

  it('asks before discarding typed text, on every way of closing, and keeps it on 계속 작성', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    function Dirty() {
      const [text, setText] = useState('');
      return (
        <Modal
          isOpen
          onClose={onClose}
          title="관람평 작성"
          hasUnsavedChanges={text !== ''}
          footer={<ModalDismissButton>취소</ModalDismissButton>}
        >
          <textarea aria-label="내용" value={text} onChange={(e) => setText(e.target.value)} />
        </Modal>
      );
    }
    render(<Dirty />);
    const field = screen.getByRole('textbox', { name: '내용' });
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(field);
    await user.type(field, '최고의 공연');
    for (const ask of [
      () => user.keyboard('{Escape}'),
      () => fireEvent.mouseDown(screen.getByTestId('modal-backdrop')),
      () => user.click(screen.getByRole('button', { name: '닫기' })),
      () => user.click(screen.getByRole('button', { name: '취소' })),
    ]) {
      await ask();
      const question = screen.getByRole('alertdialog', { name: '작성 중인 내용이 있습니다' });
      expect(question).toHaveTextContent('닫으면 입력한 내용이 사라집니다. 닫을까요?');
      expect(screen.getByRole('button', { name: '계속 작성' })).toHaveFocus();
      // Escape on the question keeps writing; so does 계속 작성.
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(field).toHaveValue('최고의 공연');
    }

    await user.click(screen.getByRole('button', { name: '취소' }));
    await user.click(screen.getByRole('button', { name: '계속 작성' }));
    // Back where the focus was when the question appeared.
    expect(screen.getByRole('button', { name: '취소' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog');
    await user.click(question.querySelector('button') as HTMLButtonElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the question while it is open', async () => {
    const user = userEvent.setup();
    render(
      <Modal isOpen onClose={vi.fn()} title="창" hasUnsavedChanges>
        <input aria-label="제목" />
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: '계속 작성' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true);
  });
});
