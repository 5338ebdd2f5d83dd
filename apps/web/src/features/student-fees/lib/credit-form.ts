import { applyCreditInputSchema, formatKobo, type Kobo } from '@schoolledger/domain';
import { z } from 'zod';

/** The API's own credit amount codec: the parent sees the server's messages. */
const creditAmount = applyCreditInputSchema.shape.amount;

/** How much credit to put on one fee: at least ₦1, at most the credit held and what the fee still owes. */
export function creditFormSchema(balance: Kobo, outstanding: Kobo) {
  const max = balance < outstanding ? balance : outstanding;
  return z.object({ amount: z.string().trim() }).transform((value, ctx) => {
    const parsed = creditAmount.safeParse(value.amount);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: issue.message });
      return z.NEVER;
    }
    if (parsed.data > max) {
      const message =
        max === balance
          ? `Your family credit is ${formatKobo(balance)}`
          : `Amount cannot be more than the outstanding ${formatKobo(outstanding)}`;
      ctx.addIssue({ code: 'custom', path: ['amount'], message });
      return z.NEVER;
    }
    return { amount: parsed.data };
  });
}
