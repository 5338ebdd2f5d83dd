import { displayName } from '@schoolledger/domain';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSessions } from '@/lib/queries/sessions';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useStudent } from '../api/get-student';
import type { FilterNames } from './filter-summary';
import { useReportSchools } from './use-report-schools';

/** Looks up the names of a file's or a schedule's filters, each list asked for only when needed. */
export function useFilterNames(filters: Partial<Record<string, string>>): FilterNames {
  const { schools, defaultSchoolId } = useReportSchools();
  const schoolId = filters.schoolId ?? defaultSchoolId;
  const sessions = useSessions(filters.sessionId ? schoolId : null, { silent: true });
  const terms = useSchoolTerms(filters.termId ? schoolId : null, { silent: true });
  const classArms = useClassArms(filters.classArmId ? schoolId : null);
  const student = useStudent(filters.studentId);
  const term = terms.data?.find((each) => each._id === filters.termId);
  return {
    schoolId: schools.find((each) => each._id === filters.schoolId)?.name,
    sessionId: sessions.data?.find((each) => each._id === filters.sessionId)?.name,
    termId: term && `${term.name} ${term.session.name}`,
    classArmId: classArms.data?.find((each) => each._id === filters.classArmId)?.name,
    studentId: student.data && displayName(student.data),
  };
}
