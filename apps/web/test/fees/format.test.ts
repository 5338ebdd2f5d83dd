import { describe, expect, it } from 'vitest';
import { dueText, formatChangeValue, owingText, targetSummary } from '@/features/fees/lib/format';

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

  it('says when a fee is due, and once the date has gone by, when it was', () => {
    expect(dueText('2026-11-20', '2026-11-24')).toBe('Was due 20 Nov 2026');
    expect(dueText('2026-11-24', '2026-11-24')).toBe('Due today');
    expect(dueText('2026-11-25', '2026-11-24')).toBe('Due in 1 day');
    expect(dueText('2027-01-12', '2026-11-24')).toBe('Due 12 Jan 2027');
  });

  it('says how many students still owe on a fee and how much', () => {
    expect(owingText({ students: 3, amount: 4_500_000n })).toBe('3 students owe ₦45,000.00');
    expect(owingText({ students: 1, amount: 50_050n })).toBe('1 student owes ₦500.50');
    expect(owingText({ students: 0, amount: 0n })).toBe('Everyone has paid');
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
