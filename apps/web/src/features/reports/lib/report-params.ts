import {
  idSchema,
  REPORT_CATEGORIES,
  REPORT_FILTERS,
  REPORT_IDS,
  REPORTS,
  type ReportCategory,
  type ReportFilterName,
  type ReportId,
} from '@schoolledger/domain';

export type ReportTab = 'all' | ReportCategory;
export const REPORT_TABS: readonly ReportTab[] = ['all', ...REPORT_CATEGORIES];

/** A report's filters as the form holds them: empty ones are left out, and the server's defaults apply. */
export type FilterValues = Partial<Record<ReportFilterName, string>>;

/** What the address keeps, so a link reopens the same tab, report and filters. */
export interface ReportSelection {
  tab: ReportTab;
  report: ReportId | null;
  filters: FilterValues;
}

const PARAM_OF: Record<ReportFilterName, string> = {
  schoolId: 'school',
  sessionId: 'session',
  termId: 'term',
  classArmId: 'classArm',
  from: 'from',
  to: 'to',
  studentId: 'student',
};

/** Choosing a school or a session makes the narrower choices inside it meaningless. */
const DEPENDENTS: Partial<Record<ReportFilterName, readonly ReportFilterName[]>> = {
  schoolId: ['sessionId', 'termId', 'classArmId', 'studentId'],
  sessionId: ['termId'],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isValidFilter = (name: ReportFilterName, raw: string) =>
  name === 'from' || name === 'to' ? DAY.test(raw) : idSchema.safeParse(raw).success;

const isTab = (raw: string | null): raw is ReportTab => REPORT_TABS.some((tab) => tab === raw);
const isReport = (raw: string | null): raw is ReportId => REPORT_IDS.some((id) => id === raw);

/** Only the filters the report reads, without empty ones. */
export function filtersFor(report: ReportId, values: FilterValues): FilterValues {
  const kept: FilterValues = {};
  for (const name of REPORTS[report].filters) {
    const value = values[name];
    if (value) kept[name] = value;
  }
  return kept;
}

export function readSelection(params: URLSearchParams): ReportSelection {
  const tab = params.get('tab');
  const report = params.get('report');
  const chosen = isReport(report) ? report : null;
  const filters: FilterValues = {};
  if (chosen) {
    for (const name of REPORTS[chosen].filters) {
      const raw = params.get(PARAM_OF[name]);
      if (raw && isValidFilter(name, raw)) filters[name] = raw;
    }
  }
  return { tab: isTab(tab) ? tab : 'all', report: chosen, filters };
}

export function selectionParams({ tab, report, filters }: ReportSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== 'all') params.set('tab', tab);
  if (!report) return params;
  params.set('report', report);
  for (const name of REPORT_FILTERS) {
    const value = filtersFor(report, filters)[name];
    if (value) params.set(PARAM_OF[name], value);
  }
  return params;
}

/** Applies the changes and clears what depended on a changed school or session. */
export function changeFilters(current: FilterValues, changes: FilterValues): FilterValues {
  const next: FilterValues = { ...current };
  for (const [name, value] of Object.entries(changes) as [ReportFilterName, string | undefined][]) {
    if ((current[name] ?? '') === (value ?? '')) continue;
    for (const dependent of DEPENDENTS[name] ?? []) {
      if (!(dependent in changes)) delete next[dependent];
    }
    if (value) next[name] = value;
    else delete next[name];
  }
  return next;
}
