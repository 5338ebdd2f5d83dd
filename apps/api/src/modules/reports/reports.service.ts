import {
  koboToNaira,
  PREVIEW_ROWS,
  REPORT_IDS,
  REPORTS,
  type ReportCatalog,
  type ReportFilters,
  type ReportId,
  type ReportPreview,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AnySection, Cell, ColumnKind, ReportDocument } from '../../lib/tabular/index.js';
import { sectionTotals } from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { REPORT_BUILDERS } from './builders/index.js';
import { documentOf } from './report-document.js';
import { mayRun, resolveReport } from './resolve-report.js';

/** The reports the caller may run, as the Reports screen lists them. */
export function reportCatalog(auth: AuthContext): ReportCatalog {
  return {
    reports: REPORT_IDS.filter((id) => mayRun(auth, id)).map((id) => {
      const { category, title, description, filters, required = [] } = REPORTS[id];
      return { id, category, title, description, filters: [...filters], required: [...required] };
    }),
  };
}

/** Checks the request, runs the report's builder, and puts the document around its sections. */
export async function buildReport(
  ctx: AppContext,
  auth: AuthContext,
  id: ReportId,
  filters: ReportFilters,
): Promise<ReportDocument> {
  // The ids are checked on the primary, so one made a moment ago is found; the figures may lag.
  const report = await resolveReport(ctx, auth, id, filters);
  const built = await REPORT_BUILDERS[id](ctx.readDb, report);
  return documentOf(ctx, report, built);
}

/** A cell as the screen shows it: naira for money, ISO text for instants. */
function previewCell(kind: ColumnKind, value: Cell): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
      return koboToNaira(BigInt(value as bigint | string | number));
    case 'number':
      return Number(value);
    case 'date':
      return value instanceof Date ? value.toISOString() : String(value);
    default:
      return String(value);
  }
}

function previewSection(section: AnySection): ReportPreview['sections'][number] {
  const cells = (row: Record<string, Cell>) =>
    Object.fromEntries(section.columns.map((column) => [column.key, previewCell(column.kind, row[column.key])]));
  return {
    title: section.title,
    columns: section.columns.map(({ key, header, kind }) => ({ key, header, kind })),
    rows: section.rows.slice(0, PREVIEW_ROWS).map(cells),
    totalRows: section.rows.length,
    totals: section.totals ? cells(sectionTotals(section)) : null,
  };
}

/** The report on screen: every section's first rows and its totals, worked out over all rows. */
export async function previewReport(
  ctx: AppContext,
  auth: AuthContext,
  input: { report: ReportId; filters: ReportFilters },
): Promise<ReportPreview> {
  const document = await buildReport(ctx, auth, input.report, input.filters);
  return {
    title: document.title,
    organisation: document.subtitle[0] ?? '',
    subtitle: document.subtitle.slice(1),
    sections: document.sections.map(previewSection),
  };
}
