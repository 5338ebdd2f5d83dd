import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { nairaResponseAmount } from './money.js';

/**
 * A line of an uploaded bank statement, as the bursary works through it:
 * - `confirmed`: the money is credited (a transfer claim confirmed, or the student's fees paid);
 * - `review`: candidates were found but none is certain: a person decides;
 * - `unmatched`: nothing points at anyone (or a person said none of the candidates is right);
 * - `ignored`: a debit, a reversal or a provider's settlement: not a family's payment.
 */
export const BANK_LINE_STATUSES = ['confirmed', 'review', 'unmatched', 'ignored'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/** How sure a candidate is: `exact` is confirmed without asking; the others wait in the review queue. */
export const BANK_MATCH_STRENGTHS = ['exact', 'likely', 'possible'] as const;
export type BankMatchStrength = (typeof BANK_MATCH_STRENGTHS)[number];

/** POST /bank-statements (multipart, with the file): the school whose account the statement is of. */
export const bankStatementUploadFieldsSchema = z.object({ school_id: idSchema });

export const bankStatementImportSchema = z.object({
  statement_id: idSchema,
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx', 'mt940', 'camt053']),
  account_number: z.string().nullable(),
  lines: z.number().int(),
  already_imported: z.number().int(),
  /** What could not be read, by the file's row, for the bursar to check against the bank's copy. */
  problems: z.array(z.object({ row: z.number().int(), message: z.string() })),
  /** Positions where the running balance does not follow from the line before. */
  balance_breaks: z.array(z.number().int()),
  confirmed: z.number().int(),
  review: z.number().int(),
  unmatched: z.number().int(),
  ignored: z.number().int(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

const personRef = z.object({ _id: idSchema, name: z.string(), reg_no: z.string().nullable() });

export const bankLineCandidateSchema = z.object({
  student: personRef,
  /** The transfer claim the line would confirm; null when the line would pay the student's fees itself. */
  claim: z
    .object({
      _id: idSchema,
      reference: z.string(),
      amount: nairaResponseAmount,
      transfer_date: z.string().nullable(),
      bank_reference: z.string().nullable(),
    })
    .nullable(),
  strength: z.enum(BANK_MATCH_STRENGTHS),
  /** Why, in the bursar's words: "the narration carries Ada Obi's payment code SL7K3QX9". */
  reasons: z.array(z.string()),
});
export type BankLineCandidate = z.infer<typeof bankLineCandidateSchema>;

export const bankStatementLineSchema = z.object({
  _id: idSchema,
  statement_id: idSchema,
  booked_on: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: nairaResponseAmount,
  narration: z.string(),
  reference: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  /** For a line not counted as a family's payment, or one a person turned down: why. */
  note: z.string().nullable(),
  /** At most three, best first, while the line waits. */
  candidates: z.array(bankLineCandidateSchema),
  /** What a confirmed line paid: the receipts it gave, and who they are for. */
  credited: z
    .object({
      student: personRef,
      receipts: z.array(z.string()),
      confirmed_by: z.string().nullable(),
      confirmed_at: z.string(),
    })
    .nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const bankStatementLinesQuerySchema = z.object({
  school_id: idSchema,
  status: z.enum(BANK_LINE_STATUSES).default('review'),
});
export const bankStatementLinesSchema = z.object({
  lines: z.array(bankStatementLineSchema),
  /** How many lines of the school's statements are in each status. */
  counts: z.object({ confirmed: z.number(), review: z.number(), unmatched: z.number(), ignored: z.number() }),
});
export type BankStatementLines = z.infer<typeof bankStatementLinesSchema>;

/** POST /bank-statements/lines/{id}/confirm: one of the line's candidates, or a student the bursar found. */
export const confirmBankLineInputSchema = z.union([
  z.object({ claim_id: idSchema }),
  z.object({ student_id: idSchema }),
]);
export type ConfirmBankLineInput = z.infer<typeof confirmBankLineInputSchema>;

/** POST /bank-statements/lines/{id}/reject: none of the candidates; the line stays unmatched. */
export const rejectBankLineInputSchema = z.object({ reason: optionalText(300) });
