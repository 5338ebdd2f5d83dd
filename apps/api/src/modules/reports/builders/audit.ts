import { type AuditReportKind, REPORTS, type ReportId } from '@schoolledger/domain';
import { auditReportRows } from '../../audit/audit-trail.service.js';
import type { ReportBuilder } from '../report-definition.js';

/**
 * The audit module's own report, as one section; the cap on rows and its error come with it.
 * Only a school the caller chose narrows it: without one, a one-school reader also gets their
 * group's own rows (settings, SMTP), as the audit screen shows them.
 */
const auditReport =
  (id: ReportId, kind: AuditReportKind): ReportBuilder =>
  async (db, report) => {
    const { columns, rows } = await auditReportRows(db, report.auth.scope, kind, {
      schoolId: report.filters.schoolId,
      from: report.range?.from,
      to: report.range?.to,
    });
    return { sections: [{ title: REPORTS[id].title, columns, rows }], orientation: 'landscape' };
  };

export const auditTrailReport = auditReport('audit_trail', 'trail');
export const auditFinancialReport = auditReport('audit_financial', 'financial');
export const auditSecurityReport = auditReport('audit_security', 'security');
export const failedLoginsReport = auditReport('failed_logins', 'failed_logins');
export const userActivityReport = auditReport('user_activity', 'user_activity');
