import {
  amountOverOutstanding,
  type FamilyCashInput,
  familyCashInputSchema,
  formatKobo,
  type Kobo,
} from '@schoolledger/domain';
import type { Path } from 'react-hook-form';
import { z } from 'zod';

/** The API's own amount codec for a family line and for the credit used: the desk sees the server's messages. */
const lineAmount = familyCashInputSchema.shape.items.element.shape.amount;

/** A form key per child and fee: the field names of one line. */
export const lineKey = (studentId: string, feeId: string) => `${studentId}_${feeId}`;

export interface OwedLine {
  studentId: string;
  feeId: string;
  outstanding: Kobo;
}

const lineSchema = z.object({ pay: z.boolean(), amount: z.string().trim() });

/**
 * The family desk's form: the lines ticked, each at least ₦1 and at most what is outstanding on
 * it, and the credit used at most what the family holds and what is being paid. The output is the
 * request body.
 */
export function familyFormSchema(lines: readonly OwedLine[], creditBalance: Kobo) {
  return z
    .object({
      lines: z.record(z.string(), lineSchema),
      use_credit: z.string().trim(),
      notes: familyCashInputSchema.shape.notes,
    })
    .transform((value, ctx): FamilyCashInput => {
      const items: FamilyCashInput['items'] = [];
      for (const line of lines) {
        const key = lineKey(line.studentId, line.feeId);
        const entry = value.lines[key];
        if (!entry?.pay) continue;
        const parsed = lineAmount.safeParse(entry.amount);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', path: ['lines', key, 'amount'], message: issue.message });
          continue;
        }
        const over = amountOverOutstanding(parsed.data, line.outstanding);
        if (over) ctx.addIssue({ code: 'custom', path: ['lines', key, 'amount'], message: over });
        else items.push({ user_id: line.studentId, fee_id: line.feeId, amount: parsed.data });
      }
      if (items.length === 0 && !ctx.issues.length) {
        ctx.addIssue({ code: 'custom', path: ['use_credit'], message: 'Tick at least one fee to pay' });
      }
      const total = items.reduce((sum, item) => sum + item.amount, 0n);
      let credit: Kobo | undefined;
      if (value.use_credit) {
        const parsed = lineAmount.safeParse(value.use_credit);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', path: ['use_credit'], message: issue.message });
        } else if (parsed.data > creditBalance) {
          ctx.addIssue({
            code: 'custom',
            path: ['use_credit'],
            message: `The family has only ${formatKobo(creditBalance)} of credit`,
          });
        } else if (parsed.data > total) {
          ctx.addIssue({ code: 'custom', path: ['use_credit'], message: 'Credit used cannot be more than the total' });
        } else credit = parsed.data;
      }
      if (ctx.issues.length) return z.NEVER;
      return { items, ...(credit ? { use_credit: credit } : {}), ...(value.notes ? { notes: value.notes } : {}) };
    });
}

export type FamilyFormValues = z.input<ReturnType<typeof familyFormSchema>>;

/** The form's amount box of each line of a request, by the request's field (`items.0.amount`), for the server's refusals. */
export const lineFieldsOf = (items: FamilyCashInput['items']) =>
  new Map(
    items.map((item, index) => [
      `items.${index}.amount`,
      `lines.${lineKey(item.user_id, item.fee_id)}.amount` as Path<FamilyFormValues>,
    ]),
  );
