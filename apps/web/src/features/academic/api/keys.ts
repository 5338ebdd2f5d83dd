/** Query keys of the academic structure; mutations invalidate whole families by their prefixes. */
export const academicKeys = {
  all: ['academic'] as const,
  groupSchools: () => [...academicKeys.all, 'groupSchools'] as const,
  schools: () => [...academicKeys.all, 'schools'] as const,
  sessions: () => [...academicKeys.all, 'sessions'] as const,
  schoolSessions: (schoolId: string) => [...academicKeys.sessions(), schoolId] as const,
  terms: () => [...academicKeys.all, 'terms'] as const,
  schoolTerms: (schoolId: string) => [...academicKeys.terms(), 'school', schoolId] as const,
  sessionTerms: (sessionId: string) => [...academicKeys.terms(), 'session', sessionId] as const,
  currentTerm: (schoolId: string) => [...academicKeys.terms(), 'current', schoolId] as const,
  classArms: () => [...academicKeys.all, 'classArms'] as const,
  schoolClassArms: (schoolId: string) => [...academicKeys.classArms(), schoolId] as const,
};
