import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatCalendarDate, REPORTS } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { generatedLine, type Letterhead, type ReportDocument } from '../../lib/tabular/index.js';
import type { BuiltReport, ResolvedReport } from './report-definition.js';
import { findGroupLetterhead, findLetterhead } from './reports.queries.js';

/** The group's logo from the uploads folder; none when it is missing or not an upload of ours. */
async function logoBytes(ctx: AppContext, logoUrl: string | null) {
  if (!logoUrl?.startsWith('/uploads/')) return null;
  const file = path.resolve(ctx.config.uploadsDir, logoUrl.slice('/uploads/'.length));
  if (!file.startsWith(path.resolve(ctx.config.uploadsDir) + path.sep)) return null;
  return readFile(file).catch(() => null);
}

/** The school's letterhead, or the group's for a report across several schools. */
async function letterheadOf(ctx: AppContext, report: ResolvedReport): Promise<Letterhead | null> {
  if (report.school) {
    const row = await findLetterhead(ctx.db, report.school.id);
    if (!row) return null;
    const street = [row.streetNo, row.street].filter(Boolean).join(' ');
    return {
      name: row.name,
      address: row.town ? [street, row.town, row.state].filter(Boolean).join(', ') : null,
      phone: row.phone,
      email: row.email,
      logo: await logoBytes(ctx, row.logoUrl),
    };
  }
  const groupSchoolId = 'groupSchoolId' in report.auth.scope ? report.auth.scope.groupSchoolId : null;
  const group = groupSchoolId ? await findGroupLetterhead(ctx.db, groupSchoolId) : undefined;
  return group ? { name: group.name, logo: await logoBytes(ctx, group.logoUrl) } : null;
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
