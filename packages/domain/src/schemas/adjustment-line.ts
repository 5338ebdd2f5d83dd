import { z } from 'zod';
import { ADJUSTMENT_KINDS, ADJUSTMENT_STATUSES } from '../adjustments.js';
import { idSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/** An adjustment as a fee card, statement or receipt lists it. */
export const adjustmentLineSchema = z.object({
  _id: idSchema,
  kind: z.enum(ADJUSTMENT_KINDS),
  label: z.string(),
  /** Signed: a reduction is negative, a late fee positive. */
  amount: nairaResponseAmount,
  status: z.enum(ADJUSTMENT_STATUSES),
});
export type AdjustmentLine = z.infer<typeof adjustmentLineSchema>;
