import type { Page } from '@curtaincall/contracts';

/** The contract's page object (api-contract.md §1.6) from one page of rows and the total. */
export function toPage<T>(content: T[], total: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(total / size);
  return {
    content,
    number: page,
    size,
    totalElements: total,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}
