import type { Term } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { defaultTermId } from '@/features/student-fees/lib/filters';

const term = (_id: string, isCurrent: boolean) => ({ _id, isCurrent }) as Term;

describe('the fee filter of a payer', () => {
  it('preselects the current term, else the first, else none', () => {
    expect(defaultTermId([term('a', false), term('b', true)])).toBe('b');
    expect(defaultTermId([term('a', false), term('b', false)])).toBe('a');
    expect(defaultTermId([])).toBe('');
  });
});
