import { describe, expect, it } from 'vitest';
import {
  adjustedAmount,
  amountBelowMinimum,
  dueLabel,
  effectiveDueDate,
  feeDescription,
  feeDueStatus,
  feeInputSchema,
  installmentAmount,
  koboToNaira,
  minimumInstallment,
  nairaToKobo,
  owed,
  percentOf,
} from '../src/index.js';

describe('installments', () => {
  it('asks at least the larger of the fee installment and the school minimum, in one message', () => {
    expect(minimumInstallment(833_334n, 500_000n)).toBe(833_334n);
    expect(minimumInstallment(200_000n, 500_000n)).toBe(500_000n);
    expect(amountBelowMinimum(499_999n, 500_000n)).toBe('The minimum installment is ₦5,000.00');
    expect(amountBelowMinimum(500_000n, 500_000n)).toBeNull();
  });

  it('rounds each installment up to the kobo', () => {
    expect(installmentAmount(nairaToKobo(100_000), 7)).toBe(1_428_572n);
    expect(koboToNaira(installmentAmount(nairaToKobo(100_000), 7))).toBe(14_285.72);
    expect(installmentAmount(nairaToKobo(90_000), 3)).toBe(3_000_000n);
    expect(installmentAmount(1n, 12)).toBe(1n);
  });

  it('never lets the installments add up to less than the fee', () => {
    for (const [amount, count] of [
      [nairaToKobo('1000000.01'), 12],
      [nairaToKobo('0.10'), 3],
      [nairaToKobo('185000'), 7],
    ] as const) {
      expect(installmentAmount(amount, count) * BigInt(count)).toBeGreaterThanOrEqual(amount);
    }
  });
});

describe('what is owed', () => {
  const ledger = (amount: string | number, paid: string | number, reductions = 0n, lateFees = 0n) => ({
    amount: nairaToKobo(amount),
    paid: nairaToKobo(paid),
    reductions,
    lateFees,
  });
  it('is the amount less what was paid, never below zero', () => {
    expect(owed({ ...ledger('0.30', 0), paid: nairaToKobo('0.10') + nairaToKobo('0.20') })).toBe(0n);
    expect(owed(ledger('1000000.01', 1_000_000))).toBe(1n);
    expect(owed(ledger(5000, 6000))).toBe(0n);
  });
  it('takes off discounts, scholarships and waivers and adds late fees, to the kobo', () => {
    expect(owed(ledger('1000.50', 0, percentOf(nairaToKobo('1000.50'), 1000)))).toBe(nairaToKobo('900.45'));
    expect(owed(ledger(1000, 400, nairaToKobo(700)))).toBe(0n);
    expect(owed(ledger(1000, 1000, 0n, nairaToKobo('50.25')))).toBe(nairaToKobo('50.25'));
    expect(adjustedAmount(ledger(1000, 0, nairaToKobo(1200)))).toBe(0n);
  });
});

describe('due dates', () => {
  it('falls back to the term end minus 30 days, then creation plus 60 days', () => {
    expect(effectiveDueDate({ dueDate: '2026-10-01', termEndDate: '2026-12-18', createdAt: '2026-09-01' })).toBe(
      '2026-10-01',
    );
    expect(effectiveDueDate({ dueDate: null, termEndDate: '2026-12-18', createdAt: '2026-09-01' })).toBe('2026-11-18');
    expect(effectiveDueDate({ dueDate: null, termEndDate: null, createdAt: '2026-12-15' })).toBe('2027-02-13');
  });

  it('labels a due date as SPEC §2 words it', () => {
    expect(dueLabel('2026-11-20', '2026-11-21')).toBe('overdue by 1 day');
    expect(dueLabel('2026-11-01', '2026-11-21')).toBe('overdue by 20 days');
    expect(dueLabel('2026-11-21', '2026-11-21')).toBe('Due today');
    expect(dueLabel('2026-11-22', '2026-11-21')).toBe('Due in 1 day');
    expect(dueLabel('2026-11-28', '2026-11-21')).toBe('Due in 7 days');
    expect(dueLabel('2026-12-18', '2026-11-21')).toBe('18 Dec 2026');
  });

  it('badges a fee OVERDUE, DUE SOON within a week, else PENDING', () => {
    expect(feeDueStatus('2026-11-20', '2026-11-21')).toBe('OVERDUE');
    expect(feeDueStatus('2026-11-21', '2026-11-21')).toBe('DUE SOON');
    expect(feeDueStatus('2026-11-28', '2026-11-21')).toBe('DUE SOON');
    expect(feeDueStatus('2026-11-29', '2026-11-21')).toBe('PENDING');
  });
});

describe('the fee request', () => {
  const base = {
    term_id: '7b0b7a51-3a8e-4a54-9b0e-0e9b1f1f2a10',
    school_id: '0c6f1a3e-1c5f-4c7e-8d5f-2e3a4b5c6d7e',
    name: 'Tuition',
    type: 'tuition',
    amount: '185000.00',
  };

  it("accepts the spec's decription spelling", () => {
    const parsed = feeInputSchema.parse({ ...base, decription: 'First term tuition' });
    expect(feeDescription(parsed)).toBe('First term tuition');
  });

  it('requires a description under either spelling', () => {
    const result = feeInputSchema.safeParse(base);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Description is required');
  });

  it('refuses amounts of zero, below a kobo, or above the ceiling', () => {
    for (const amount of [0, '0.00', '10.001', -5, '100000000.01']) {
      expect(feeInputSchema.safeParse({ ...base, description: 'x', amount }).success, String(amount)).toBe(false);
    }
    expect(feeInputSchema.safeParse({ ...base, description: 'x', amount: 0.1 }).success).toBe(true);
  });

  it('needs class arms when a fee targets class arms', () => {
    const result = feeInputSchema.safeParse({ ...base, description: 'x', appliesTo: 'classArms' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['classArm_ids'], message: 'Choose at least one class arm' });
  });
});
