import type { LedgerIntegrity } from '@schoolledger/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Findings } from '@/features/books/components/integrity-panel';

const school = { _id: '0190a0a0-0000-7000-8000-000000000001', name: 'Crestview College' };

/** The findings as a reader sees them, tags dropped. */
const textOf = (data: LedgerIntegrity, grouped = false) =>
  renderToStaticMarkup(createElement(Findings, { data, grouped }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('what the last check of the books found', () => {
  it('lists each difference with the journal’s amount beside the records’, in naira', () => {
    const text = textOf({
      checkedAt: '2020-01-06T09:30:00Z',
      agrees: false,
      total: 1,
      disagreements: [{ school, check: 'money', detail: 'cash', journal: 100_000n, records: 120_050n }],
    });
    expect(text).toMatch(
      /^The books disagree with the records: 1 difference Last checked 6 Jan 2020, 10:30 Lagos time /,
    );
    expect(text).toContain(
      'Money received: the journal and the payments differ cash Journal ₦1,000.00 Records ₦1,200.50',
    );
    expect(text).not.toContain('Crestview College');
  });

  it('names the school of each difference when it lists several schools’, and says when not all are listed', () => {
    const text = textOf(
      {
        checkedAt: '2026-05-14T10:00:00Z',
        agrees: false,
        total: 250,
        disagreements: [{ school, check: 'entry', detail: 'entry 42 does not balance', journal: 500n, records: 0n }],
      },
      true,
    );
    expect(text).toContain('Crestview College · entry 42 does not balance');
    expect(text).toContain('The first 1 of 250 are listed.');
  });

  it('says when the books have no check on record', () => {
    expect(textOf({ checkedAt: null, agrees: false, total: 0, disagreements: [] })).toMatch(/^Not checked yet/);
  });
});
