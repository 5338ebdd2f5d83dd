import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';

/**
 * Whether the caller chooses among schools, and the school the filters' options come from when
 * they do not: a principal's or bursar's own school, or the only one a list holds.
 */
export function useReportSchools() {
  const user = useAuthStore((state) => state.user);
  const own = user?.school && !user.roles.includes('Proprietor') ? user.school : null;
  const schools = useSchools(!own);
  const list: readonly { _id: string; name: string }[] = own ? [own] : (schools.data ?? []);
  return {
    schools: list,
    loading: !own && schools.isPending,
    choose: !own && (schools.isPending || list.length > 1),
    defaultSchoolId: list.length === 1 ? list[0]!._id : '',
  };
}
