import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SelectionState {
  schoolId: string | null;
  sessionId: string | null;
  termId: string | null;
  /** A different school clears the session and term (SPEC §4). */
  selectSchool(schoolId: string | null): void;
  /** A different session clears the term. */
  selectSession(sessionId: string | null): void;
  /** A term also selects its session, so the three stay one consistent path. */
  selectTerm(termId: string | null, sessionId?: string): void;
}

/** The school, session and term the academic screens work on; kept between visits. */
export const useSelectionStore = create<SelectionState>()(
  persist(
    (set, get) => ({
      schoolId: null,
      sessionId: null,
      termId: null,
      selectSchool(schoolId) {
        if (schoolId !== get().schoolId) set({ schoolId, sessionId: null, termId: null });
      },
      selectSession(sessionId) {
        if (sessionId !== get().sessionId) set({ sessionId, termId: null });
      },
      selectTerm(termId, sessionId) {
        set(sessionId ? { termId, sessionId } : { termId });
      },
    }),
    {
      name: 'schoolledger.academic-selection',
      partialize: ({ schoolId, sessionId, termId }) => ({ schoolId, sessionId, termId }),
    },
  ),
);
