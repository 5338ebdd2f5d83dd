import type { ReportFilters, ReportId } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadDb } from '../../db/client.js';
import type { AnySection } from '../../lib/tabular/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { lagosDayStart } from '../payments/reporting/lists.queries.js';

export interface ReportSchool {
  id: string;
  name: string;
  groupSchoolId: string;
}

export interface ReportTerm {
  id: string;
  name: string;
  session: string;
  /** Calendar days, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

/**
 * A report request after the service checked it: every id is in the caller's scope and belongs
 * to the school, defaults are filled in, and the builder only reads.
 */
export interface ResolvedReport {
  id: ReportId;
  auth: AuthContext;
  filters: ReportFilters;
  /**
   * Limits a school-keyed column to the report's schools: the chosen school, or every school of
   * the caller's scope (the tenancy helper). Every query of a builder goes through it.
   */
  inSchools: (column: AnyPgColumn) => SQL;
  /** The one school the report is about (the filter, or the caller's only school); null across several. */
  school: ReportSchool | null;
  /** The term asked for, or for term reports the school's current one. */
  term: ReportTerm | null;
  classArm: { id: string; name: string } | null;
  /**
   * Lagos calendar days money moved in: the dates chosen, else the session's, else (for reports
   * that take dates) the last 30 days. Null for all time, and when a term alone was chosen (its fees,
   * whenever they were paid).
   */
  range: { from: string; to: string } | null;
  student: {
    id: string;
    name: string;
    regNo: string | null;
    schoolId: string;
    paymentCode: string;
    /** The family's own account at the school, which a transfer pays into with no code needed. */
    familyAccount: { number: string; bank: string; name: string } | null;
  } | null;
  now: Date;
}

/** What a builder returns; the service adds the letterhead, the filters line and who generated it. */
export interface BuiltReport {
  sections: AnySection[];
  /** Replaces the catalogue title (a statement names its student). */
  title?: string;
  /** Lines about the data itself (e.g. "Days overdue are counted from each fee's due date"). */
  notes?: string[];
  orientation?: 'portrait' | 'landscape';
}

/** A builder only reads, from the read replica when there is one: a report may be seconds behind. */
export type ReportBuilder = (db: ReadDb, report: ResolvedReport) => Promise<BuiltReport>;

/** An instant column within the report's Lagos days, both ends included; no condition for all time. */
export function inRange(column: AnyPgColumn | SQL, range: ResolvedReport['range']): SQL {
  if (!range) return sql`true`;
  return sql`(${column} >= ${lagosDayStart(range.from)} and ${column} < ${lagosDayStart(range.to)} + interval '1 day')`;
}
