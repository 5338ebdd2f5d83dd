import type { ReportId } from '@schoolledger/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeFilters,
  type FilterValues,
  filtersFor,
  type ReportSelection,
  type ReportTab,
  readSelection,
  selectionParams,
} from './report-params';

/** The tab, the chosen report and its filters, kept in the address (replacing, not pushing, history). */
export function useReportSelection() {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);

  const update = useCallback(
    (change: (current: ReportSelection) => ReportSelection) =>
      setParams((current) => selectionParams(change(readSelection(current))), { replace: true }),
    [setParams],
  );

  const setTab = useCallback((tab: ReportTab) => update((current) => ({ ...current, tab })), [update]);
  // A school or dates chosen for one report carry over to the next one that reads them.
  const chooseReport = useCallback(
    (report: ReportId | null) =>
      update((current) => ({ ...current, report, filters: report ? filtersFor(report, current.filters) : {} })),
    [update],
  );
  const setFilters = useCallback(
    (changes: FilterValues) => update((current) => ({ ...current, filters: changeFilters(current.filters, changes) })),
    [update],
  );

  return { selection, setTab, chooseReport, setFilters };
}
