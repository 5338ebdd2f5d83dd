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

/** How the dates of a CSV or Excel statement are written when all three parts are numbers. */
export const STATEMENT_DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];

const columnName = z.string().trim().min(1).max(200);

/**
 * Which column of a CSV or Excel statement holds what. Nigerian banks publish no export schema and
 * each lays its columns out its own way, so the mapping is data: suggested from the header words,
 * chosen by the bursar on the mapping screen, saved per bank account and reused on the next upload.
 * Columns are named by their header text (not their position) so a saved mapping survives a bank
 * adding a column.
 */
export const statementMappingSchema = z
  .object({
    /** The header row's number in the file (1-based, as a spreadsheet shows it). */
    headerRow: z.number().int().min(1),
    /** The booking date (Trans Date, Posted Date...). */
    date: columnName,
    valueDate: columnName.optional(),
    /** One or more columns, joined with a space in this order (Kuda-style To/From + Description). */
    narration: z.array(columnName).min(1).max(5),
    reference: columnName.optional(),
    debit: columnName.optional(),
    credit: columnName.optional(),
    /** A single signed or marked amount column, instead of Debit/Credit. */
    amount: columnName.optional(),
    /** A DR/CR column that gives the single amount column its direction. */
    direction: columnName.optional(),
    balance: columnName.optional(),
    dateOrder: z.enum(STATEMENT_DATE_ORDERS),
  })
  .refine((mapping) => Boolean(mapping.amount) !== Boolean(mapping.debit || mapping.credit), {
    message: 'Choose either a single Amount column or Debit and Credit columns',
    path: ['amount'],
  })
  .refine((mapping) => !mapping.direction || mapping.amount, {
    message: 'A DR/CR column goes with a single Amount column',
    path: ['direction'],
  });
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/**
 * POST /bank-statements (multipart, with the file): the school whose account the statement is of,
 * and, for a CSV or Excel file, the columns the bursar chose (JSON text of `statementMappingSchema`);
 * without them, the account's saved mapping or the one suggested from the headers.
 */
export const bankStatementUploadFieldsSchema = z.object({
  school_id: idSchema,
  mapping: z
    .string()
    .max(5000)
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'The column choice could not be read. Choose the columns again.' });
        return z.NEVER;
      }
      const parsed = statementMappingSchema.safeParse(json);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Choose the columns again.' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

/** POST /bank-statements/columns (multipart, with the file): the file's first rows, for the mapping screen. */
export const bankStatementColumnsSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  account_number: z.string().nullable(),
  /** The first rows of the file as they read, each cell cut to 120 characters. */
  rows: z.array(z.array(z.string())),
  /** The account's saved mapping, else the one the headers suggest; null when neither. */
  mapping: statementMappingSchema.nullable(),
});
export type BankStatementColumns = z.infer<typeof bankStatementColumnsSchema>;

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
