import { z } from 'zod';
import {
  LEDGER_ACCOUNT_TYPES,
  LEDGER_EXPORT_PACKAGE_LABELS,
  LEDGER_EXPORT_PACKAGES,
  LEDGER_SOURCES,
  type LedgerExportPackage,
} from '../ledger.js';
import { EXPORT_FORMATS } from './audit.js';
import { filterDate, idSchema, nameText, requiredText } from './common.js';
import { nairaResponseAmount } from './money.js';

/*
 * The books: chart of accounts, trial balance, general ledger, a student's account, exports,
 * period close and the integrity check. Requests name fields in snake_case like the other forms;
 * every amount of a response is naira on the wire (`nairaResponseAmount`).
 *
 * Signs: a `balance`, `opening` or `closing` is as the account's type reads it (`naturalBalance`):
 * assets and expenses positive when in debit, liabilities, equity and income positive when in
 * credit. `debit` and `credit` are never negative.
 */

const ref = z.object({ _id: idSchema, name: z.string() });

/** A period of the books: Lagos calendar days, both included. */
const periodFields = {
  /** First day included; the first of January of `to`'s year when absent. */
  from: filterDate().optional(),
  /** Last day included; today (Lagos) when absent. */
  to: filterDate().optional(),
};
const periodRule = <T extends { from?: string | undefined; to?: string | undefined }>(period: T) =>
  !period.from || !period.to || period.from <= period.to;
const periodProblem = { path: ['to'], message: 'The end date must be on or after the start date' };

/* Chart of accounts */

/** What an accountant calls an account: digits, letters, dots and dashes, like 1000 or 4100-01. */
export const LEDGER_ACCOUNT_CODE_FORMAT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/;
const accountCode = requiredText('Code is required', 20).regex(
  LEDGER_ACCOUNT_CODE_FORMAT,
  'Use up to 20 letters, digits, dots or dashes, starting with a letter or digit',
);
const accountName = nameText('Name is required', 120);

/** The account's name in each accounting package; null where the export uses the code and name. */
export const ledgerAccountMappingsSchema = z.object(
  Object.fromEntries(LEDGER_EXPORT_PACKAGES.map((pkg) => [pkg, z.string().nullable()])) as Record<
    LedgerExportPackage,
    z.ZodNullable<z.ZodString>
  >,
);
export type LedgerAccountMappings = z.infer<typeof ledgerAccountMappingsSchema>;

export const ledgerAccountSchema = z.object({
  _id: idSchema,
  school: ref,
  code: z.string(),
  name: z.string(),
  type: z.enum(LEDGER_ACCOUNT_TYPES),
  /**
   * Set on the accounts the school's money is posted to (cash, bank, a provider's clearing account,
   * fees receivable, fee income per fee type…): they can be renamed and recoded, never removed.
   * Null on the accounts an accountant added.
   */
  systemKey: z.string().nullable(),
  mappings: ledgerAccountMappingsSchema,
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

/** GET /books/accounts */
export const ledgerAccountListQuerySchema = z.object({ school_id: z.uuid({ error: 'School is required' }) });
export type LedgerAccountListQuery = z.input<typeof ledgerAccountListQuerySchema>;
export const ledgerAccountListSchema = z.object({ accounts: z.array(ledgerAccountSchema) });
export type LedgerAccountList = z.infer<typeof ledgerAccountListSchema>;

/** POST /books/accounts */
export const ledgerAccountCreateSchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  code: accountCode,
  name: accountName,
  type: z.enum(LEDGER_ACCOUNT_TYPES, { error: 'Choose a type' }),
});
export type LedgerAccountCreate = z.output<typeof ledgerAccountCreateSchema>;
export type LedgerAccountCreateValues = z.input<typeof ledgerAccountCreateSchema>;

/** PATCH /books/accounts/:id: a new code, a new name, or both. Its type and school never change. */
export const ledgerAccountUpdateSchema = z
  .object({ code: accountCode.optional(), name: accountName.optional() })
  .refine((change) => change.code !== undefined || change.name !== undefined, {
    path: ['name'],
    message: 'Give a new code or name',
  });
export type LedgerAccountUpdate = z.output<typeof ledgerAccountUpdateSchema>;
export type LedgerAccountUpdateValues = z.input<typeof ledgerAccountUpdateSchema>;

/** PUT /books/accounts/:id/mappings: one package's name for the account; empty or null clears it. */
export const ledgerAccountMappingInputSchema = z.object({
  package: z.enum(LEDGER_EXPORT_PACKAGES, { error: 'Choose an accounting package' }),
  external_account: z
    .string()
    .trim()
    .max(150, 'Must be at most 150 characters')
    .nullable()
    .transform((name) => (name ? name : null)),
});
export type LedgerAccountMappingInput = z.output<typeof ledgerAccountMappingInputSchema>;
export type LedgerAccountMappingValues = z.input<typeof ledgerAccountMappingInputSchema>;

/* Trial balance */

/** GET /books/trial-balance: one school, or every school the caller reads when `school_id` is absent. */
export const trialBalanceQuerySchema = z
  .object({ school_id: idSchema.optional(), ...periodFields })
  .refine(periodRule, periodProblem);
export type TrialBalanceQuery = z.input<typeof trialBalanceQuerySchema>;

export const trialBalanceRowSchema = z.object({
  /** The school's account; null in the group view, whose rows sum the accounts of the same code, name and type. */
  accountId: idSchema.nullable(),
  code: z.string(),
  name: z.string(),
  type: z.enum(LEDGER_ACCOUNT_TYPES),
  /** Balance the day before `from`, as the type reads it. */
  opening: nairaResponseAmount,
  debits: nairaResponseAmount,
  credits: nairaResponseAmount,
  /** Balance at the end of `to`, as the type reads it. */
  closing: nairaResponseAmount,
  /** The closing balance in the column it stands in: one of the two is zero. */
  closingDebit: nairaResponseAmount,
  closingCredit: nairaResponseAmount,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;

export const trialBalanceSchema = z.object({
  /** The school, or null for the group view. */
  school: ref.nullable(),
  /** The schools summed: one for a school's trial balance. */
  schools: z.array(ref),
  from: z.string(),
  to: z.string(),
  /** By code; accounts with neither a balance nor a movement in the period are left out. */
  rows: z.array(trialBalanceRowSchema),
  totals: z.object({
    debits: nairaResponseAmount,
    credits: nairaResponseAmount,
    closingDebit: nairaResponseAmount,
    closingCredit: nairaResponseAmount,
  }),
  /** Debits equal credits, and closing debit balances equal closing credit balances. */
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/* General ledger */

/** GET /books/general-ledger: one account's lines, oldest first, a page at a time. */
export const generalLedgerQuerySchema = z
  .object({
    account_id: z.uuid({ error: 'Choose an account' }),
    ...periodFields,
    /** The `nextCursor` of the previous page, unchanged. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  })
  .refine(periodRule, periodProblem);
export type GeneralLedgerQuery = z.input<typeof generalLedgerQuerySchema>;

export const ledgerLineSchema = z.object({
  /** The line's number in the journal. */
  _id: z.string(),
  /** The journal entry it belongs to. */
  entryId: z.string(),
  date: z.string(),
  memo: z.string(),
  source: z.enum(LEDGER_SOURCES),
  /** The payment, adjustment, credit entry or payout it posts; null for fees charged. */
  sourceId: idSchema.nullable(),
  /** Set when the entry corrects another entry by reversing it. */
  reversesEntryId: z.string().nullable(),
  student: ref.nullable(),
  fee: ref.nullable(),
  debit: nairaResponseAmount,
  credit: nairaResponseAmount,
  /** The account's balance after this line, as its type reads it. */
  balance: nairaResponseAmount,
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const generalLedgerSchema = z.object({
  account: ledgerAccountSchema.omit({ mappings: true }),
  from: z.string(),
  to: z.string(),
  /** Balance the day before `from`. */
  opening: nairaResponseAmount,
  /** Over the whole period, every page. */
  debits: nairaResponseAmount,
  credits: nairaResponseAmount,
  /** Balance at the end of `to`. */
  closing: nairaResponseAmount,
  lines: z.array(ledgerLineSchema),
  /** Pass as `cursor` for the lines after these; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type GeneralLedger = z.infer<typeof generalLedgerSchema>;

/* A student's account */

/** GET /books/students/:id/account: what the student was charged and paid, from the journal's receivable lines. */
export const studentAccountQuerySchema = z.object(periodFields).refine(periodRule, periodProblem);
export type StudentAccountQuery = z.input<typeof studentAccountQuerySchema>;

export const studentAccountSchema = z.object({
  student: ref.extend({ admissionNumber: z.string().nullable() }),
  school: ref,
  from: z.string(),
  to: z.string(),
  /** What the student owed the day before `from` (negative: paid ahead). */
  opening: nairaResponseAmount,
  debits: nairaResponseAmount,
  credits: nairaResponseAmount,
  /** What the student owes at the end of `to`. */
  closing: nairaResponseAmount,
  /** Oldest first. */
  lines: z.array(ledgerLineSchema),
});
export type StudentAccount = z.infer<typeof studentAccountSchema>;

/** GET /books/students: students of a school whose account can be read, by name or admission number. */
export const bookStudentSearchQuerySchema = z.object({
  school_id: idSchema.optional(),
  search: z.string().trim().min(1, 'Type a name or admission number').max(100),
});
export type BookStudentSearchQuery = z.input<typeof bookStudentSearchQuerySchema>;
export const bookStudentSearchSchema = z.object({
  students: z.array(ref.extend({ admissionNumber: z.string().nullable(), school: ref })),
});
export type BookStudentSearch = z.infer<typeof bookStudentSearchSchema>;

/* Exports */

/** `format` of the trial balance, general ledger and student account exports: the same query plus the file type. */
const fileFormat = { format: z.enum(EXPORT_FORMATS, { error: 'Choose a format' }) };
/** GET /books/trial-balance/export */
export const trialBalanceExportQuerySchema = z
  .object({ school_id: idSchema.optional(), ...periodFields, ...fileFormat })
  .refine(periodRule, periodProblem);
export type TrialBalanceExportQuery = z.input<typeof trialBalanceExportQuerySchema>;
/** GET /books/general-ledger/export: every line of the period, no pages. */
export const generalLedgerExportQuerySchema = z
  .object({ account_id: z.uuid({ error: 'Choose an account' }), ...periodFields, ...fileFormat })
  .refine(periodRule, periodProblem);
export type GeneralLedgerExportQuery = z.input<typeof generalLedgerExportQuerySchema>;
/** GET /books/students/:id/account/export: a statement to hand over, so a PDF unless told otherwise. */
export const studentAccountExportQuerySchema = z
  .object({ ...periodFields, format: fileFormat.format.default('pdf') })
  .refine(periodRule, periodProblem);
export type StudentAccountExportQuery = z.input<typeof studentAccountExportQuerySchema>;

/** The journal export's layouts: each package's journal import, and the plain-text journal of ledger and hledger. */
export const JOURNAL_EXPORT_FORMATS = [...LEDGER_EXPORT_PACKAGES, 'hledger'] as const;
export type JournalExportFormat = (typeof JOURNAL_EXPORT_FORMATS)[number];
export const JOURNAL_EXPORT_FORMAT_LABELS: Record<JournalExportFormat, string> = {
  ...LEDGER_EXPORT_PACKAGE_LABELS,
  hledger: 'Plain-text journal (ledger, hledger)',
};

/** GET /books/journal/export: every entry of one school in the period, streamed as a file. */
export const journalExportQuerySchema = z
  .object({
    school_id: z.uuid({ error: 'School is required' }),
    ...periodFields,
    format: z.enum(JOURNAL_EXPORT_FORMATS, { error: 'Choose a format' }),
  })
  .refine(periodRule, periodProblem);
export type JournalExportQuery = z.input<typeof journalExportQuerySchema>;

/* Period close */

/** GET /books/closes */
export const periodCloseQuerySchema = z.object({ school_id: z.uuid({ error: 'School is required' }) });
export type PeriodCloseQuery = z.input<typeof periodCloseQuerySchema>;

/** POST /books/closes: close the school's books through a day (after the last close, not after today). */
export const periodCloseInputSchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  closed_through: filterDate(),
});
export type PeriodCloseInput = z.output<typeof periodCloseInputSchema>;
export type PeriodCloseValues = z.input<typeof periodCloseInputSchema>;

export const periodCloseSchema = z.object({
  _id: idSchema,
  closedThrough: z.string(),
  closedBy: ref.nullable(),
  closedAt: z.string(),
});
export type PeriodClose = z.infer<typeof periodCloseSchema>;

export const periodClosesSchema = z.object({
  school: ref,
  /** The latest day closed: nothing may be posted on or before it. Null while the books are open. */
  closedThrough: z.string().nullable(),
  /** Newest first. */
  closes: z.array(periodCloseSchema),
});
export type PeriodCloses = z.infer<typeof periodClosesSchema>;

/* Integrity */

export const ledgerDisagreementSchema = z.object({
  school: ref,
  /** Which check found it, e.g. `payments` or `entry_balance`. */
  check: z.string(),
  detail: z.string(),
  /** What the journal holds and what the records (payments, adjustments, credit, payouts) hold. */
  journal: nairaResponseAmount,
  records: nairaResponseAmount,
});
export type LedgerDisagreement = z.infer<typeof ledgerDisagreementSchema>;

/**
 * GET /books/integrity (the last check) and POST /books/integrity/run (check now): whether the
 * journal agrees with the payments, adjustments, family credit and payouts, and every entry balances.
 */
export const ledgerIntegritySchema = z.object({
  /** When the last check ran; null before the first. */
  checkedAt: z.string().nullable(),
  /** True when the last check found nothing in the caller's schools. */
  agrees: z.boolean(),
  /** How many disagreements the last check found in all; `disagreements` lists at most 100 of each school's. */
  total: z.number().int(),
  disagreements: z.array(ledgerDisagreementSchema),
});
export type LedgerIntegrity = z.infer<typeof ledgerIntegritySchema>;

export const ledgerIntegrityQuerySchema = z.object({ school_id: idSchema.optional() });
export type LedgerIntegrityQuery = z.input<typeof ledgerIntegrityQuerySchema>;
