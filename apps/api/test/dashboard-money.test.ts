import { describe, expect, it } from 'vitest';
import { dashboardMoney } from '../src/modules/dashboards/collections.service.js';

const row = (month: string, method: 'cash' | 'paystack', naira: number, later = false) => ({
  month,
  method,
  later,
  payments: 1,
  amountKobo: BigInt(naira * 100),
});

describe("a dashboard's money from one pass over the day summaries", () => {
  const money = dashboardMoney(
    {
      byMonthAndMethod: [
        row('2025-05', 'cash', 1000),
        row('2026-09', 'cash', 200),
        row('2026-10', 'paystack', 30),
        row('2026-11', 'cash', 4),
        row('2026-11', 'paystack', 5),
        // Dated after today (a provider's clock ahead of ours): counted in ever, nowhere else.
        row('2026-11', 'cash', 60_000, true),
        row('2026-12', 'paystack', 70_000, true),
      ],
      today: { payments: 1, amountKobo: 400n },
    },
    '2026-11-27',
    3,
  );

  it('adds up ever from every month, later days included', () => {
    expect(money.ever).toEqual({ payments: 7, amountKobo: 13_123_900n });
  });

  it("takes this month and today up to today, and today's figure as read", () => {
    expect(money.thisMonth).toEqual({ payments: 2, amountKobo: 900n });
    expect(money.today).toEqual({ payments: 1, amountKobo: 400n });
  });

  it('gives every month of the trend, empty months at zero, and methods over the trend only', () => {
    expect(money.trend).toEqual([
      { month: '2026-09', amount: 20_000n, payments: 1 },
      { month: '2026-10', amount: 3000n, payments: 1 },
      { month: '2026-11', amount: 900n, payments: 2 },
    ]);
    expect(Object.fromEntries(money.byMethod)).toEqual({
      cash: { payments: 2, amountKobo: 20_400n },
      paystack: { payments: 2, amountKobo: 3500n },
    });
    expect(money.byMonth.get('2025-05')).toEqual({ payments: 1, amountKobo: 100_000n });
    expect(money.byMonth.has('2026-12')).toBe(false);
  });
});
