import { z } from 'zod';
import { idSchema } from './common.js';

/** Why a chain stops verifying at a row. */
export const CHAIN_PROBLEMS = ['changed', 'deleted', 'out_of_order'] as const;
export type ChainProblem = (typeof CHAIN_PROBLEMS)[number];

export const CHAIN_PROBLEM_TEXT: Record<ChainProblem, string> = {
  changed: 'This entry was changed after it was written',
  deleted: 'An entry before this one was deleted',
  out_of_order: 'This entry was inserted out of order',
};

export const chainVerificationSchema = z.object({
  /** The school's id, or `platform` for entries about no school. */
  chain: z.string(),
  schoolId: z.uuid().nullable(),
  schoolName: z.string().nullable(),
  rows: z.number().int(),
  headSeq: z.number().int(),
  headHash: z.string(),
  valid: z.boolean(),
  firstBad: z.object({ seq: z.number().int(), id: z.uuid().nullable(), problem: z.enum(CHAIN_PROBLEMS) }).nullable(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;

export const auditVerificationSchema = z.object({
  valid: z.boolean(),
  checkedAt: z.string(),
  chains: z.array(chainVerificationSchema),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

export const auditVerifyQuerySchema = z.object({ schoolId: idSchema.optional() });

export const termPackQuerySchema = z.object({
  schoolId: idSchema,
  termId: idSchema,
});
