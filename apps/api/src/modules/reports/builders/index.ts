import type { ReportId } from '@schoolledger/domain';
import type { ReportBuilder } from '../report-definition.js';
import { classListsReport, enrolmentReport, promotionsReport } from './academic.js';
import { signInActivityReport, usersByRoleReport } from './administrative.js';
import {
  auditFinancialReport,
  auditSecurityReport,
  auditTrailReport,
  failedLoginsReport,
  userActivityReport,
} from './audit.js';
import { collectionsReport } from './collections.js';
import { feeScheduleReport } from './fee-schedule.js';
import { forecastReport } from './forecast.js';
import { groupSummaryReport } from './group-summary.js';
import { incomeExpenditureReport } from './income-expenditure.js';
import { messagesReport } from './messages.js';
import { debtorsReport, outstandingReport } from './outstanding.js';
import { paymentsReport } from './payments.js';
import { reconciliationReport } from './reconciliation.js';
import { statementReport } from './statement.js';

/** Every report's builder; the catalogue (domain REPORTS) says who may run it and with which filters. */
export const REPORT_BUILDERS: Record<ReportId, ReportBuilder> = {
  collections: collectionsReport,
  outstanding: outstandingReport,
  debtors: debtorsReport,
  student_statement: statementReport,
  payments: paymentsReport,
  group_summary: groupSummaryReport,
  income_expenditure: incomeExpenditureReport,
  forecast: forecastReport,
  fee_schedule: feeScheduleReport,
  reconciliation: reconciliationReport,
  audit_trail: auditTrailReport,
  audit_financial: auditFinancialReport,
  audit_security: auditSecurityReport,
  failed_logins: failedLoginsReport,
  user_activity: userActivityReport,
  class_lists: classListsReport,
  enrolment: enrolmentReport,
  promotions: promotionsReport,
  users_by_role: usersByRoleReport,
  sign_in_activity: signInActivityReport,
  messages: messagesReport,
};
