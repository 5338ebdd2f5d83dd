import { formatCalendarDate, REPORTS } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { generatedLine, type Letterhead, type ReportDocument } from '../../lib/tabular/index.js';
import { groupLetterhead, schoolLetterhead } from './letterhead.service.js';
import type { BuiltReport, ResolvedReport } from './report-definition.js';

/** The school's letterhead, or the group's for a report across several schools. */
async function letterheadOf(ctx: AppContext, report: ResolvedReport): Promise<Letterhead | null> {
  if (report.school) return schoolLetterhead(ctx, report.school.id);
  const groupSchoolId = 'groupSchoolId' in report.auth.scope ? report.auth.scope.groupSchoolId : null;
  return groupSchoolId ? groupLetterhead(ctx, groupSchoolId) : null;
}

/** Who the report covers, in words: the school, or every school the caller sees. */
function organisationOf(report: ResolvedReport, letterhead: Letterhead | null) {
  if (report.school) return report.school.name;
  return letterhead ? `All schools of ${letterhead.name}` : 'All schools';
}

/** The filters as one readable line: names and dates rather than ids. */
export function filterLine(report: ResolvedReport): string {
  const parts: string[] = [];
  if (report.student)
    parts.push(`Student: ${report.student.name}${report.student.regNo ? ` (${report.student.regNo})` : ''}`);
  if (report.term) parts.push(`Term: ${report.term.name}, ${report.term.session}`);
  if (report.classArm) parts.push(`Class arm: ${report.classArm.name}`);
  if (report.range) {
    parts.push(`Period: ${formatCalendarDate(report.range.from)} to ${formatCalendarDate(report.range.to)}`);
  } else if (REPORTS[report.id].filters.includes('from') && !report.term) {
    parts.push('Period: all time');
  }
  return parts.join(' · ');
}

/** The builder's sections with what every file carries around them. */
export async function documentOf(ctx: AppContext, report: ResolvedReport, built: BuiltReport): Promise<ReportDocument> {
  const letterhead = await letterheadOf(ctx, report);
  const filters = filterLine(report);
  return {
    title: built.title ?? REPORTS[report.id].title,
    letterhead,
    subtitle: [
      organisationOf(report, letterhead),
      ...(filters ? [filters] : []),
      ...(built.notes ?? []),
      generatedLine(report.auth.row.user, report.auth.roles, report.now),
    ],
    sections: built.sections,
    orientation: built.orientation,
  };
}
