import { cashPaymentInputSchema, formatNaira, koboToNaira, nairaToKobo } from '@schoolledger/domain';
import { z } from 'zod';

export const PAYMENT_TYPES = ['full', 'partial'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const AMOUNT_REQUIRED = 'Amount must be greater than 0';

/**
 * The desk's form (SPEC §5 cash form): a fee, full or partial, an amount for a partial payment of
 * at least ₦1 and at most what is outstanding on that fee, optional notes. `owed` maps fee ids to
 * kobo still outstanding.
 */
export function cashFormSchema(owed: ReadonlyMap<string, bigint>) {
  return z
    .object({
      fee_id: cashPaymentInputSchema.shape.fee_id,
      payment_type: z.enum(PAYMENT_TYPES),
      amount: z.string().trim(),
      notes: cashPaymentInputSchema.shape.notes,
    })
    .superRefine((value, ctx) => {
      if (value.payment_type !== 'partial') return;
      let kobo: bigint;
      try {
        kobo = nairaToKobo(value.amount);
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: value.amount ? 'Enter naira with at most two decimal places' : AMOUNT_REQUIRED,
        });
        return;
      }
      if (kobo < 100n) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_REQUIRED });
        return;
      }
      const max = owed.get(value.fee_id);
      if (max !== undefined && kobo > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `Amount cannot be more than the outstanding ${formatNaira(koboToNaira(max))}`,
        });
      }
    });
}

export type CashFormValues = z.input<ReturnType<typeof cashFormSchema>>;

export const emptyCashForm: CashFormValues = { fee_id: '', payment_type: 'full', amount: '', notes: '' };

const LAGOS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 21 Nov 2026, 14:05, as the printed receipt says it. */
export const lagosDateTime = (iso: string) => LAGOS_TIME.format(new Date(iso));
