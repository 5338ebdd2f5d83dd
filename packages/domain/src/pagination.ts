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

/**
 * Where a newest-first list page ended: the sort key of its last row (creation time in
 * microseconds since 1970, as digits so no precision is lost, and the id that breaks ties) and the
 * number of the page that follows, so a page read by cursor still knows where it stands.
 */
export interface ListCursor {
  page: number;
  createdAtMicros: string;
  id: string;
}

const CURSOR_TEXT = /^([1-9]\d{0,6})\.(-?\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor as clients see it: opaque text, safe in an address without escaping. */
export function encodeListCursor(cursor: ListCursor): string {
  return btoa(`${cursor.page}.${cursor.createdAtMicros}.${cursor.id}`)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor a client sent back, or null when it is not one this API made. */
export function decodeListCursor(text: string): ListCursor | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(plain);
  if (!match) return null;
  return { page: Number(match[1]), createdAtMicros: match[2]!, id: match[3]! };
}

const countFormat = new Intl.NumberFormat('en-NG');

/**
 * SPEC §2's 'Showing X to Y of Z results' figures. A list whose count stopped at its cap says
 * so ("10,000+"); `shown` is how many rows this page holds, which only a capped list needs, its
 * last page being unknown. An exact total reads as it always has.
 */
export function pageSummary(page: {
  page: number;
  limit: number;
  total: number;
  totalIsCapped?: boolean | undefined;
  shown?: number | undefined;
}) {
  const from = (page.page - 1) * page.limit + 1;
  if (!page.totalIsCapped) {
    return { from, to: Math.min(page.page * page.limit, page.total), of: String(page.total) };
  }
  return { from, to: from + (page.shown ?? page.limit) - 1, of: `${countFormat.format(page.total)}+` };
}
