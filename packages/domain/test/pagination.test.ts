import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor, pageItems, pageSummary } from '../src/index.js';

describe('page items', () => {
  it('shows the single page alone', () => {
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it.each([
    [1, [1, 2, 3, 'gap-end', 7]],
    [4, [1, 2, 3, 4, 5, 6, 7]],
    [7, [1, 'gap-start', 5, 6, 7]],
  ])('of 7 pages at page %i keeps the first, the last and two either side', (current, expected) => {
    expect(pageItems(current, 7)).toEqual(expected);
  });

  it('of 20 pages at page 10 puts an ellipsis on both sides', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
  });
});

describe('page summary', () => {
  it('reads an exact total as it always has', () => {
    expect(pageSummary({ page: 1, limit: 12, total: 15 })).toEqual({ from: 1, to: 12, of: '15' });
    expect(pageSummary({ page: 2, limit: 12, total: 15, totalIsCapped: false })).toEqual({
      from: 13,
      to: 15,
      of: '15',
    });
    expect(pageSummary({ page: 1, limit: 20, total: 9999 })).toEqual({ from: 1, to: 20, of: '9999' });
  });

  it('says a capped total is a lower bound, and counts the rows of pages past it', () => {
    expect(pageSummary({ page: 1, limit: 12, total: 10_000, totalIsCapped: true, shown: 12 })).toEqual({
      from: 1,
      to: 12,
      of: '10,000+',
    });
    expect(pageSummary({ page: 900, limit: 12, total: 10_000, totalIsCapped: true, shown: 5 })).toEqual({
      from: 10_789,
      to: 10_793,
      of: '10,000+',
    });
  });
});

describe('list cursors', () => {
  const cursor = { page: 3, createdAtMicros: '1740823200123456', id: '0b6f2d4e-8a1c-4f3e-9d2b-7c5a1e0f9b38' };

  it('come back as they went, as text an address carries unescaped', () => {
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(text)).toEqual(cursor);
    expect(decodeListCursor(encodeListCursor({ ...cursor, createdAtMicros: '-5' }))).toEqual({
      ...cursor,
      createdAtMicros: '-5',
    });
  });

  it.each([
    ['', 'empty'],
    ['abc$', 'not base64url'],
    [btoa('3.1740823200123456'), 'without an id'],
    [btoa('0.1.0b6f2d4e-8a1c-4f3e-9d2b-7c5a1e0f9b38'), 'page 0'],
    [btoa('2.1.5.0b6f2d4e-8a1c-4f3e-9d2b-7c5a1e0f9b38'), 'a time that is no whole number'],
    [btoa('2.1.0B6F2D4E-8A1C-4F3E-9D2B-7C5A1E0F9B38x'), 'a malformed id'],
  ])('refuses %j (%s)', (text) => {
    expect(decodeListCursor(text.replace(/=+$/, ''))).toBeNull();
  });
});
