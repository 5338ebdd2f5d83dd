import { amountOverOutstanding, cashPaymentInputSchema, type Kobo } from '@schoolledger/domain';
import { z } from 'zod';

export const PAYMENT_TYPES = ['full', 'partial'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The API's own cash amount codec (at least ₦1, exact naira): the desk sees the server's messages. */
const cashAmount = cashPaymentInputSchema.shape.amount.unwrap();

/**
 * The desk's form (SPEC §5 cash form): a fee, full or partial, an amount for a partial payment of
 * at least ₦1 and at most what is outstanding on that fee, optional notes. `owed` maps fee ids to
 * kobo still outstanding. The output carries the partial amount in kobo, ready for the request.
 */
export function cashFormSchema(owed: ReadonlyMap<string, Kobo>) {
  return z
    .object({
      fee_id: cashPaymentInputSchema.shape.fee_id,
      payment_type: z.enum(PAYMENT_TYPES),
      amount: z.string().trim(),
      notes: cashPaymentInputSchema.shape.notes,
    })
    .transform((value, ctx) => {
      const { amount, ...rest } = value;
      if (value.payment_type !== 'partial') return { ...rest, amount: undefined };
      const parsed = cashAmount.safeParse(amount);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['amount'], message: issue.message });
        return z.NEVER;
      }
      const max = owed.get(value.fee_id);
      const over = max === undefined ? null : amountOverOutstanding(parsed.data, max);
      if (over) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: over });
        return z.NEVER;
      }
      return { ...rest, amount: parsed.data };
    });
}

export type CashFormValues = z.input<ReturnType<typeof cashFormSchema>>;
export type CashFormOutput = z.output<ReturnType<typeof cashFormSchema>>;

export const emptyCashForm: CashFormValues = { fee_id: '', payment_type: 'full', amount: '', notes: '' };
