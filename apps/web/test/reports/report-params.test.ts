import { describe, expect, it } from 'vitest';
import { changeFilters, filtersFor, readSelection, selectionParams } from '@/features/reports/lib/report-params';

const SCHOOL = '3f1c2a9e-5b7d-4c1a-9e2f-1a2b3c4d5e6f';
const TERM = '7a9d0c1e-2b3f-4a5b-8c6d-7e8f9a0b1c2d';
const ARM = 'c4e5f6a7-b8c9-4d0e-a1f2-a3b4c5d6e7f8';

describe('the Reports screen in the address', () => {
  it('writes the tab, the report and its filters, and reads the same back', () => {
    const selection = {
      tab: 'financial' as const,
      report: 'outstanding' as const,
      filters: { schoolId: SCHOOL, termId: TERM, classArmId: ARM },
    };
    const params = selectionParams(selection);
    expect(params.toString()).toBe(`tab=financial&report=outstanding&school=${SCHOOL}&term=${TERM}&classArm=${ARM}`);
    expect(readSelection(new URLSearchParams(params.toString()))).toEqual(selection);
  });

  it('leaves the defaults out: the All tab, no report, empty filters', () => {
    expect(selectionParams({ tab: 'all', report: null, filters: { schoolId: SCHOOL } }).toString()).toBe('');
    expect(
      selectionParams({ tab: 'all', report: 'collections', filters: { from: '', to: '2026-11-30' } }).toString(),
    ).toBe('report=collections&to=2026-11-30');
    expect(readSelection(new URLSearchParams())).toEqual({ tab: 'all', report: null, filters: {} });
  });

  it('ignores an unknown tab or report, a filter the report does not read, and malformed values', () => {
    const params = new URLSearchParams(`tab=secret&report=enrolment&school=${SCHOOL}&term=${TERM}&from=2026-01-01`);
    expect(readSelection(params)).toEqual({ tab: 'all', report: 'enrolment', filters: { schoolId: SCHOOL } });
    expect(readSelection(new URLSearchParams('report=payments&school=42&from=yesterday'))).toEqual({
      tab: 'all',
      report: 'payments',
      filters: {},
    });
    expect(readSelection(new URLSearchParams('report=everything')).report).toBeNull();
  });

  it('keeps only the filters a report reads when another report is chosen', () => {
    expect(filtersFor('enrolment', { schoolId: SCHOOL, termId: TERM, from: '2026-01-01' })).toEqual({
      schoolId: SCHOOL,
    });
    expect(filtersFor('group_summary', { schoolId: SCHOOL })).toEqual({});
  });

  it('clears the term, session, class arm and student that belonged to another school', () => {
    const current = { schoolId: SCHOOL, termId: TERM, classArmId: ARM, from: '2026-01-01' };
    expect(changeFilters(current, { schoolId: '' })).toEqual({ from: '2026-01-01' });
    expect(changeFilters(current, { schoolId: SCHOOL })).toEqual(current);
    expect(changeFilters({ sessionId: SCHOOL, termId: TERM }, { sessionId: ARM })).toEqual({ sessionId: ARM });
    expect(changeFilters(current, { termId: '' })).toEqual({ schoolId: SCHOOL, classArmId: ARM, from: '2026-01-01' });
  });
});
