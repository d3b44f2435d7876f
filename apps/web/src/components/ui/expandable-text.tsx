import { clsx } from 'clsx';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';

export interface TruncatedText {
  text: string;
  isTruncated: boolean;
}

/**
 * The first `limit` characters of a text, with '…' when it was cut. Characters are counted as
 * the user sees them (a surrogate pair is one), and whitespace at the cut is dropped.
 */
export function truncateText(text: string, limit: number): TruncatedText {
  const characters = Array.from(text);
  if (characters.length <= limit) return { text, isTruncated: false };
  return { text: `${characters.slice(0, limit).join('').trimEnd()}…`, isTruncated: true };
}

interface ExpandableTextProps {
  text: string;
  /** Collapsed beyond this many characters. */
  limit: number;
  /** How to render the (possibly cut) text; plain text with its line breaks by default. */
  render?: (text: string) => ReactNode;
  className?: string;
  /** What the toggle expands, for screen readers, e.g. '리뷰 내용'. */
  label?: string;
}

/** A long text shown cut at `limit` characters with a 더보기 / 접기 toggle. */
export function ExpandableText({ text, limit, render, className, label }: ExpandableTextProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const truncated = truncateText(text, limit);
  const shown = isExpanded || !truncated.isTruncated ? text : truncated.text;

  return (
    <div className={className}>
      <div className="break-words whitespace-pre-line">{render ? render(shown) : shown}</div>
      {truncated.isTruncated && (
        <button
          type="button"
          onClick={() => setIsExpanded((value) => !value)}
          aria-expanded={isExpanded}
          aria-label={label ? `${label} ${isExpanded ? '접기' : '더보기'}` : undefined}
          className={clsx(
            'mt-2 inline-flex items-center gap-0.5 rounded-md text-sm font-semibold text-rose-300 hover:text-rose-200',
          )}
        >
          {isExpanded ? '접기' : '더보기'}
          {isExpanded ? (
            <ChevronUp className="size-4" aria-hidden />
          ) : (
            <ChevronDown className="size-4" aria-hidden />
          )}
        </button>
      )}
    </div>
  );
}
