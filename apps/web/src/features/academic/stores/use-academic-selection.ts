import type { Term } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useSessions } from '@/lib/queries/sessions';
import { useSessionTerms } from '@/lib/queries/terms';
import { useSelectionStore } from './selection';

/**
 * The selection as the screens see it. Stored ids are checked against what the signed-in user
 * may see, so a choice left behind by another account, or a deleted record, falls away: the
 * school falls back to the user's own school (a school-scoped user has it preselected), or to
 * the only school there is.
 */
export function useAcademicSelection() {
  const ownSchoolId = useAuthStore((state) => state.user?.school?._id ?? null);
  const stored = useSelectionStore();
  const schools = useSchools();
  const schoolList = schools.data ?? [];
  const school =
    schoolList.find((item) => item._id === stored.schoolId) ??
    schoolList.find((item) => item._id === ownSchoolId) ??
    (schoolList.length === 1 ? schoolList[0] : undefined) ??
    null;
  const schoolId = school?._id ?? null;

  const sessions = useSessions(schoolId);
  const session = sessions.data?.find((item) => item._id === stored.sessionId) ?? null;
  const sessionId = session?._id ?? null;

  const terms = useSessionTerms(sessionId);
  const term = terms.data?.find((item) => item._id === stored.termId) ?? null;

  return {
    schools,
    school,
    sessions,
    session,
    terms,
    term,
    selectSchool(id: string | null) {
      if (id !== schoolId) stored.selectSchool(id);
    },
    selectSession(id: string | null) {
      // The stored school may be a stale one the fallback replaced; pin the school on screen.
      if (schoolId !== stored.schoolId) stored.selectSchool(schoolId);
      if (id !== sessionId) useSelectionStore.getState().selectSession(id);
    },
    selectTerm(selected: Term | null) {
      if (schoolId !== stored.schoolId) stored.selectSchool(schoolId);
      useSelectionStore.getState().selectTerm(selected?._id ?? null, selected?.session._id);
    },
  };
}

export type AcademicSelection = ReturnType<typeof useAcademicSelection>;
