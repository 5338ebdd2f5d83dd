import { termSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { EntityQueryOptions } from './sessions';

export const termKeys = {
  all: ['terms'] as const,
  school: (schoolId: string) => [...termKeys.all, 'school', schoolId] as const,
  session: (sessionId: string) => [...termKeys.all, 'session', sessionId] as const,
};

/** Every term of a school, each flagged whether it is the current one. */
export async function getSchoolTerms(schoolId: string, { silent }: EntityQueryOptions = {}, signal?: AbortSignal) {
  return z.array(termSchema).parse(await api.get('/term/all', { query: { school_id: schoolId }, signal, silent }));
}

export async function getSessionTerms(sessionId: string, signal?: AbortSignal) {
  return z.array(termSchema).parse(await api.get('/term/by-session', { query: { session_id: sessionId }, signal }));
}

export const schoolTermsQueryOptions = (schoolId: string, options: EntityQueryOptions = {}) =>
  queryOptions({
    queryKey: termKeys.school(schoolId),
    queryFn: ({ signal }) => getSchoolTerms(schoolId, options, signal),
  });

export const sessionTermsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: termKeys.session(sessionId),
    queryFn: ({ signal }) => getSessionTerms(sessionId, signal),
  });

/** Nothing is asked until a school is chosen. */
export function useSchoolTerms(schoolId: string | null | undefined, options: EntityQueryOptions = {}) {
  return useQuery({ ...schoolTermsQueryOptions(schoolId ?? '', options), enabled: Boolean(schoolId) });
}

export function useSessionTerms(sessionId: string | null | undefined) {
  return useQuery({ ...sessionTermsQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
