import { createElement, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { allOf, type QueryLike, QueryState, type QueryStateProps } from '@/components/query-state';
import { ApiError } from '@/lib/api-client';

type Rows = { names: string[] };

function query(state: Partial<QueryLike<Rows>>): QueryLike<Rows> {
  return { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...state };
}

const props = (state: Partial<QueryLike<Rows>>): QueryStateProps<Rows> => ({
  query: query(state),
  loading: 'Loading students...',
  errorTitle: 'Failed to load students',
  isEmpty: (data) => data.names.length === 0,
  empty: createElement('p', null, 'No students yet'),
  children: (data) => createElement('ul', null, ...data.names.map((name) => createElement('li', { key: name }, name))),
});

/** The page's text as a reader sees it, tags dropped; `extra` adds or overrides props. */
const textOf = (state: Partial<QueryLike<Rows>>, extra: Partial<QueryStateProps<Rows>> = {}) =>
  renderToStaticMarkup(createElement(QueryState<Rows>, { ...props(state), ...extra }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The button labelled `label` in what the component renders, its function components called in
 * turn (they use no hooks), so its click can be made without a browser.
 */
function button(node: ReactNode, label: string): { onClick(): void; disabled?: boolean } | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = button(child, label);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<{ children?: ReactNode; onClick?(): void; disabled?: boolean }>(node)) return undefined;
  if (typeof node.type === 'function') return button((node.type as (p: unknown) => ReactNode)(node.props), label);
  if (node.type === 'button' && [node.props.children].flat().includes(label)) {
    return node.props as { onClick(): void; disabled?: boolean };
  }
  return button(node.props.children, label);
}

describe('QueryState', () => {
  it('says what is loading while the query is pending', () => {
    expect(textOf({ isPending: true })).toBe('Loading students...');
  });

  it('shows a whole element in place of the spinner when given one', () => {
    const markup = renderToStaticMarkup(
      createElement(QueryState<Rows>, {
        ...props({ isPending: true }),
        loading: createElement('p', null, 'Searching...'),
      }),
    );
    expect(markup).toBe('<p>Searching...</p>');
  });

  it('names what failed with the server’s reason and offers a retry', () => {
    const error = new ApiError(403, 'Request failed', [], 'No access to this school');
    expect(textOf({ isError: true, error })).toBe('Failed to load students No access to this school Retry');
  });

  it('asks the reader to check their connection when the server gave no reason', () => {
    expect(textOf({ isError: true, error: new TypeError('Failed to fetch') })).toBe(
      'Failed to load students Please check your connection and try again. Retry',
    );
  });

  it('says the failure even when older rows are still cached', () => {
    expect(textOf({ isError: true, error: new Error('x'), data: { names: ['Ada'] } })).not.toContain('Ada');
  });

  it('refetches once when Retry is pressed', () => {
    const state = props({ isError: true, error: new Error('x') });
    const retry = button(QueryState(state), 'Retry');
    expect(retry?.disabled).toBe(false);
    retry?.onClick();
    expect(state.query.refetch).toHaveBeenCalledTimes(1);
  });

  it('takes no second click while the retry is on its way', () => {
    expect(
      button(QueryState(props({ isError: true, error: new Error('x'), isFetching: true })), 'Retry')?.disabled,
    ).toBe(true);
  });

  it('shows the empty state when there is nothing to list', () => {
    expect(textOf({ data: { names: [] } })).toBe('No students yet');
  });

  it('hands the data to its children', () => {
    expect(textOf({ data: { names: ['Ada', 'Bola'] } })).toBe('Ada Bola');
  });

  it('adds its note under the reason', () => {
    expect(textOf({ isError: true, error: new Error('x') }, { errorNote: 'Please try refreshing the page.' })).toBe(
      'Failed to load students Please check your connection and try again. Please try refreshing the page. Retry',
    );
  });

  it('keeps the last good rows under the failure, with its own note, when asked to', () => {
    const stale = { errorNote: 'Please try refreshing the page.', staleNote: 'Using cached data.' };
    expect(textOf({ isError: true, error: new Error('x'), data: { names: ['Ada'] } }, stale)).toBe(
      'Failed to load students Please check your connection and try again. Using cached data. Retry Ada',
    );
    // With nothing cached there is nothing to keep: the usual note, and no rows.
    expect(textOf({ isError: true, error: new Error('x') }, stale)).toBe(
      'Failed to load students Please check your connection and try again. Please try refreshing the page. Retry',
    );
  });
});

describe('allOf', () => {
  const one = (state: Partial<QueryLike<number>>): QueryLike<number> => ({
    isPending: false,
    isError: false,
    error: null,
    data: undefined,
    refetch: vi.fn(),
    ...state,
  });

  it('is pending while any query is', () => {
    const both = allOf([one({ data: 1 }), one({ isPending: true })]);
    expect(both.isPending).toBe(true);
    expect(both.data).toBeUndefined();
  });

  it('hands over every answer, in order, once all have come', () => {
    expect(allOf([one({ data: 1 }), one({ data: 2 })]).data).toEqual([1, 2]);
  });

  it('fails with the first reason, and Retry asks again only what failed', () => {
    const fine = one({ data: 1 });
    const broken = one({ isError: true, error: new Error('no network') });
    const both = allOf([fine, broken]);
    expect(both.isError).toBe(true);
    expect((both.error as Error).message).toBe('no network');
    void both.refetch();
    expect(broken.refetch).toHaveBeenCalledTimes(1);
    expect(fine.refetch).not.toHaveBeenCalled();
  });
});
