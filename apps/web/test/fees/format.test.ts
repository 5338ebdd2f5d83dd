import { describe, expect, it } from 'vitest';
import { dueText, formatChangeValue, targetSummary } from '@/features/fees/lib/format';

const names = new Map([['term-1', 'First Term']]);

describe('fee texts', () => {
  it('says whom a fee applies to', () => {
    expect(targetSummary({ appliesTo: 'school', classArms: [], students: [] })).toBe('Whole school');
    expect(
      targetSummary({
        appliesTo: 'classArms',
        classArms: [{ name: 'JSS 1A' }, { name: 'JSS 1B' }] as never,
        students: [],
      }),
    ).toBe('JSS 1A, JSS 1B');
    expect(targetSummary({ appliesTo: 'students', classArms: [], students: [{}] as never })).toBe('1 student');
  });

  it('says when a fee is due, from overdue to a date', () => {
    expect(dueText('2026-11-20', '2026-11-24')).toBe('Overdue by 4 days');
    expect(dueText('2026-11-24', '2026-11-24')).toBe('Due today');
    expect(dueText('2026-11-25', '2026-11-24')).toBe('Due in 1 day');
    expect(dueText('2027-01-12', '2026-11-24')).toBe('Due 12 Jan 2027');
  });

  it('reads a change of the history as a person would', () => {
    expect(formatChangeValue('term_id', 'term-1', names)).toBe('First Term');
    expect(formatChangeValue('dueDate', '2026-12-01', names)).toBe('1 Dec 2026');
    expect(formatChangeValue('appliesTo', 'classArms', names)).toBe('Class arms');
    expect(formatChangeValue('student_ids', ['a', 'b'], names)).toBe('2 students');
    expect(formatChangeValue('isActive', false, names)).toBe('No');
    expect(formatChangeValue('classArm_ids', [], names)).toBe('None');
    expect(formatChangeValue('description', '', names)).toBe('—');
  });
});
