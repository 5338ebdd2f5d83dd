import { describe, expect, it } from 'vitest';
import { pageItems } from '../src/index.js';

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
