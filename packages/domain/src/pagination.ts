/** A page number, or an ellipsis before or after the run around the current page. */
export type PageItem = number | 'gap-start' | 'gap-end';

/** SPEC §2: the first and last page always, two either side of the current, gaps as ellipses. */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const items: PageItem[] = [1];
  const from = Math.max(2, current - 2);
  const to = Math.min(totalPages - 1, current + 2);
  if (from > 2) items.push('gap-start');
  for (let page = from; page <= to; page += 1) items.push(page);
  if (to < totalPages - 1) items.push('gap-end');
  if (totalPages > 1) items.push(totalPages);
  return items;
}
