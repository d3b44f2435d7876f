/** What just happened to a paged list of reviews or expectations. */
export type ListChange = 'created' | 'updated' | 'deleted';

/**
 * The page to show after a change (buyer-side.md §4 "Lists"): a new item sends the list back to
 * page 0 (where the newest is); an edit reloads the same page; deleting the last item of a page
 * beyond the first goes back one page.
 */
export function getPageAfterChange(
  change: ListChange,
  { page, itemsOnPage }: { page: number; itemsOnPage: number },
): number {
  switch (change) {
    case 'created':
      return 0;
    case 'updated':
      return page;
    case 'deleted':
      return itemsOnPage <= 1 && page > 0 ? page - 1 : page;
  }
}
