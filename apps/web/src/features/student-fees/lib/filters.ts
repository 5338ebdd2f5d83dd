import type { Term } from '@schoolledger/domain';

/** At most one of the two is set: choosing a session clears the term and the other way round. */
export interface FeeFilter {
  sessionId: string;
  termId: string;
}

export const NO_FILTER: FeeFilter = { sessionId: '', termId: '' };

/** SPEC §2: the current term is preselected, else the first term. */
export function defaultTermId(terms: readonly Term[]): string {
  return (terms.find((term) => term.isCurrent) ?? terms[0])?._id ?? '';
}
