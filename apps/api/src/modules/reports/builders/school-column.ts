import type { AnySection } from '../../../lib/tabular/index.js';
import type { ResolvedReport } from '../report-definition.js';

/** A report across several schools names each row's school first; one about a single school need not. */
export function withSchoolColumn(report: ResolvedReport, columns: AnySection['columns']): AnySection['columns'] {
  return report.school ? columns : [{ key: 'school', header: 'School', kind: 'text', width: 16 }, ...columns];
}
