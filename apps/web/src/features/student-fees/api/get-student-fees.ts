import { studentFeesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FETCH_FEES_FAILED } from '../lib/messages';
import { studentFeeKeys } from './keys';

/** Without a student the caller's own fees; without a term or session the server's current term. */
export interface StudentFeesQuery {
  studentId: string | null;
  termId: string | null;
  sessionId: string | null;
}

export async function getStudentFees(query: StudentFeesQuery, signal?: AbortSignal) {
  try {
    const data = await api.get('/student/fees', {
      query: { student_id: query.studentId, term_id: query.termId, session_id: query.sessionId },
      signal,
      silent: true,
    });
    return studentFeesSchema.parse(data);
  } catch (error) {
    // A cancelled request is not a failure, and an expired session has already been announced.
    const announced = signal?.aborted || (error instanceof ApiError && error.status === 401);
    if (!announced) notify.error(FETCH_FEES_FAILED);
    throw error;
  }
}

export function useStudentFees(query: StudentFeesQuery, enabled: boolean) {
  return useQuery({
    queryKey: studentFeeKeys.fees(query),
    queryFn: ({ signal }) => getStudentFees(query, signal),
    enabled,
  });
}
