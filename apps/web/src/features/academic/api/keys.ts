import { classArmKeys } from '@/lib/queries/class-arms';
import { schoolKeys } from '@/lib/queries/schools';
import { sessionKeys } from '@/lib/queries/sessions';
import { termKeys } from '@/lib/queries/terms';

/**
 * Query keys of the academic structure; mutations invalidate whole families by their prefixes.
 * Schools, sessions, terms and class arms are the shared entity queries every feature reads, so a
 * change here refreshes them on every screen.
 */
export const academicKeys = {
  all: ['academic'] as const,
  groupSchools: () => [...academicKeys.all, 'groupSchools'] as const,
  schools: () => schoolKeys.all,
  sessions: () => sessionKeys.all,
  terms: () => termKeys.all,
  currentTerm: (schoolId: string) => [...termKeys.all, 'current', schoolId] as const,
  classArms: () => classArmKeys.all,
};
