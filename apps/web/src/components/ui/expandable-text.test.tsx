import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExpandableText, truncateText } from './expandable-text';

describe('truncateText', () => {
  it('keeps texts up to the limit whole and cuts longer ones with an ellipsis', () => {
    expect(truncateText('가'.repeat(100), 100)).toEqual({
      text: '가'.repeat(100),
      isTruncated: false,
    });
    expect(truncateText('가'.repeat(101), 100)).toEqual({
      text: `${'가'.repeat(100)}…`,
      isTruncated: true,
    });
  });

  it('counts an emoji as one character and drops spaces at the cut', () => {
    expect(truncateText('🎵'.repeat(3), 3).isTruncated).toBe(false);
    expect(truncateText('가나  다라', 4).text).toBe('가나…');
  });
});

describe('ExpandableText', () => {
  it('shows a short text without a toggle', () => {
    render(<ExpandableText text="짧은 글" limit={100} />);
    expect(screen.getByText('짧은 글')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('cuts a long text and expands and collapses it with 더보기 / 접기', async () => {
    const user = userEvent.setup();
    const text = `${'가'.repeat(100)}끝`;
    render(<ExpandableText text={text} limit={100} />);
    expect(screen.getByText(`${'가'.repeat(100)}…`)).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: '더보기' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '접기' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: '접기' }));
    expect(screen.getByText(`${'가'.repeat(100)}…`)).toBeInTheDocument();
  });
});
