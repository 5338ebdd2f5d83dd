import { classArmKeys } from '@/lib/queries/class-arms';
import type { StudentPageQuery } from './get-students';

/** Query keys of the student screens; mutations invalidate whole families by their prefixes. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (query: StudentPageQuery) => [...studentKeys.lists(), query] as const,
  stats: (scope: { school?: string | undefined; classArm?: string | undefined }) =>
    [...studentKeys.all, 'stats', scope] as const,
  detail: (id: string) => [...studentKeys.all, 'detail', id] as const,
  parents: (search: string) => [...studentKeys.all, 'parents', search] as const,
};

/** What adding, changing or moving students alters: the student queries and the class arms' counts. */
export const studentChangeKeys = [studentKeys.all, classArmKeys.all] as const;
