import { describe, expect, it } from 'vitest';
import { diffOf } from '@/features/audit/lib/diff';

describe("an audit entry's before and after, side by side", () => {
  it('lists every key once, in the order written, and marks only the changed ones', () => {
    const rows = diffOf(
      { status: 'pending', amountKobo: '150000', notes: null },
      { status: 'success', amountKobo: '150000', receiptNo: 'RCP-2026-000001' },
    );
    expect(rows).toEqual([
      { key: 'status', before: 'pending', after: 'success', changed: true },
      { key: 'amountKobo', before: '150000', after: '150000', changed: false },
      { key: 'notes', before: 'null', after: undefined, changed: true },
      { key: 'receiptNo', before: undefined, after: 'RCP-2026-000001', changed: true },
    ]);
  });

  it('prints nested values as JSON and compares them by content', () => {
    const rows = diffOf({ classArmIds: ['a', 'b'] }, { classArmIds: ['a', 'b'], limits: { max: 3 } });
    expect(rows).toEqual([
      { key: 'classArmIds', before: '["a","b"]', after: '["a","b"]', changed: false },
      { key: 'limits', before: undefined, after: '{"max":3}', changed: true },
    ]);
  });

  it('shows a creation, a deletion, and an entry that recorded nothing', () => {
    expect(diffOf(null, { name: 'JSS Tuition' })).toEqual([
      { key: 'name', before: undefined, after: 'JSS Tuition', changed: true },
    ]);
    expect(diffOf({ name: 'JSS Tuition' }, null)).toEqual([
      { key: 'name', before: 'JSS Tuition', after: undefined, changed: true },
    ]);
    expect(diffOf(null, null)).toEqual([]);
    expect(diffOf(null, 'revoked')).toEqual([{ key: 'value', before: undefined, after: 'revoked', changed: true }]);
  });
});
