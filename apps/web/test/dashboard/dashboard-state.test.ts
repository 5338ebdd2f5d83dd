import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { QueryLike } from '@/components/query-state';
import { DashboardState } from '@/features/dashboard/components/dashboard-state';
import { ApiError } from '@/lib/api-client';

type Figures = { revenue: string };

const query = (state: Partial<QueryLike<Figures>>): QueryLike<Figures> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const figures = (data: Figures) => createElement('p', null, `Revenue ${data.revenue}`);

/** What a dashboard shows, as text, tags dropped. */
function textOf(state: Partial<QueryLike<Figures>>, keepCached = false) {
  const props = { query: query(state), keepCached, children: figures };
  return renderToStaticMarkup(createElement(DashboardState<Figures>, props))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a dashboard that cannot be fetched', () => {
  it('shows the red box with the reason, asks for a refresh and offers a retry', () => {
    expect(textOf({ isError: true, error: new TypeError('Failed to fetch') })).toBe(
      'Error Loading Dashboard Failed to fetch dashboard data Please try refreshing the page. Retry',
    );
  });

  it('gives the server’s own reason when it sent one', () => {
    const error = new ApiError(403, 'Request failed', [], 'No access to this school');
    expect(textOf({ isError: true, error })).toContain('No access to this school');
  });

  it('keeps the last good figures under the box where the dashboard keeps them', () => {
    const failed = { isError: true, error: new Error('x'), data: { revenue: '₦5,000' } };
    expect(textOf(failed, true)).toBe(
      'Error Loading Dashboard Failed to fetch dashboard data Using cached data. Retry Revenue ₦5,000',
    );
    // The other dashboards put the box in place of figures they can no longer vouch for.
    expect(textOf(failed)).not.toContain('₦5,000');
  });

  it('says it is loading while the figures come', () => {
    expect(textOf({ isPending: true })).toBe('Loading the dashboard…');
  });
});
