import { displayName, studentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from './keys';

/** How many students a search shows; a longer list means the bursar should type more. */
const SEARCH_LIMIT = 8;

export interface FoundStudent {
  _id: string;
  name: string;
  regNo: string;
  classArm: string | null;
}

/** GET /students?search=: the statement's school's students whose name or registration number matches. */
export async function searchStudents(schoolId: string, search: string, signal?: AbortSignal) {
  const data = await api.get('/students', {
    query: { search, school: schoolId, limit: SEARCH_LIMIT },
    signal,
    silent: true,
  });
  return studentListSchema.parse(data).students.map(
    (student): FoundStudent => ({
      _id: student._id,
      name: displayName(student),
      regNo: student.regNo,
      classArm: student.classArm?.name ?? null,
    }),
  );
}

/** Nothing is asked before something is typed. */
export function useStudentSearch(schoolId: string, search: string) {
  return useQuery({
    queryKey: bankStatementKeys.students(schoolId, search),
    queryFn: ({ signal }) => searchStudents(schoolId, search, signal),
    enabled: search !== '' && schoolId !== '',
    placeholderData: keepPreviousData,
  });
}
