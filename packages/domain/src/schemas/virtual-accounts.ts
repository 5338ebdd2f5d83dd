import { z } from 'zod';
import { calendarDate, idSchema, paginationSchema, requiredText, timestampSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/**
 * A family's own bank account number at a school (a Paystack dedicated virtual account): money
 * sent to it is the family's, credited to their children's fees without anyone confirming it.
 * Flutterwave's static accounts are the second provider the tables are made for.
 */
export const VIRTUAL_ACCOUNT_PROVIDERS = ['paystack', 'flutterwave'] as const;
export type VirtualAccountProvider = (typeof VIRTUAL_ACCOUNT_PROVIDERS)[number];

/**
 * Whose account it is: a parent's stands for the family (all their children at the school); a
 * student with no parent linked has one of their own.
 */
export const VIRTUAL_ACCOUNT_HOLDER_KINDS = ['parent', 'student'] as const;
export type VirtualAccountHolderKind = (typeof VIRTUAL_ACCOUNT_HOLDER_KINDS)[number];

/**
 * What became of money that arrived in an account:
 * - `credited`: all of it paid the family's fees, oldest due first, and what was beyond them is the
 *   family's credit;
 * - `review`: some or all of it waits for a person (not naira, the provider's record disagrees with
 *   the notification, nothing owed, or no parent to keep what is left): never credited by itself;
 * - `ignored`: it reached an account number of the school's provider account that SchoolLedger
 *   did not open.
 */
export const VIRTUAL_ACCOUNT_CREDIT_STATUSES = ['credited', 'review', 'ignored'] as const;
export type VirtualAccountCreditStatus = (typeof VIRTUAL_ACCOUNT_CREDIT_STATUSES)[number];

/** The bank Paystack issues accounts on unless the school chooses another (`titan-paystack`, or `test-bank` in test mode). */
export const DEFAULT_VIRTUAL_ACCOUNT_BANK = 'wema-bank';

const bankSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Use the bank as Paystack names it, such as wema-bank or titan-paystack');
const ref = z.object({ _id: idSchema, name: z.string() });
const page = z.coerce.number().int().min(1).max(100_000).optional().default(1);
const limit = z.coerce.number().int().min(1).max(100).optional().default(20);
const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** GET /virtual-accounts/settings: one school's switch. */
export const virtualAccountSettingsQuerySchema = z.object({ school_id: idSchema });

/** PUT /virtual-accounts/settings: switch a school's virtual accounts on or off, and the bank to open them on. */
export const virtualAccountSettingsInputSchema = z.object({
  school_id: idSchema,
  enabled: z.boolean({ error: 'Say whether virtual accounts are on' }),
  /** Who opens new accounts: Paystack (the school opens them) or Flutterwave (each family opens its own with a BVN). */
  provider: z.enum(VIRTUAL_ACCOUNT_PROVIDERS).optional(),
  preferred_bank: bankSlug.optional(),
});
export type VirtualAccountSettingsInput = z.output<typeof virtualAccountSettingsInputSchema>;

export const virtualAccountSettingsSchema = z.object({
  school_id: idSchema,
  enabled: z.boolean(),
  preferred_bank: z.string(),
  provider: z.enum(VIRTUAL_ACCOUNT_PROVIDERS),
  /** Whether the school saved its own keys of the chosen provider: accounts are opened only with them. */
  keys_saved: z.boolean(),
  /** The providers the school saved its own keys of, which it may choose. */
  providers_with_keys: z.array(z.enum(VIRTUAL_ACCOUNT_PROVIDERS)),
  updatedAt: timestampSchema.nullable(),
});
export type VirtualAccountSettings = z.infer<typeof virtualAccountSettingsSchema>;

/** POST /virtual-accounts: open the account of one family (a parent) or of a student with no parent. */
export const openVirtualAccountInputSchema = z.object({
  school_id: idSchema,
  holder_id: z.uuid({ error: 'Please select a parent or a student' }),
});
export type OpenVirtualAccountInput = z.output<typeof openVirtualAccountInputSchema>;

/** POST /virtual-accounts/open-all: open the accounts of up to `limit` families of the school that have none. */
export const openAllVirtualAccountsInputSchema = z.object({
  school_id: idSchema,
  limit: z.number().int().min(1).max(200).optional().default(50),
});
export type OpenAllVirtualAccountsInput = z.output<typeof openAllVirtualAccountsInputSchema>;

export const virtualAccountSchema = z.object({
  _id: idSchema,
  school: ref,
  holder: ref.extend({ kind: z.enum(VIRTUAL_ACCOUNT_HOLDER_KINDS), payment_code: z.string() }),
  provider: z.enum(VIRTUAL_ACCOUNT_PROVIDERS),
  account_number: z.string(),
  /** What a banking app shows when the number is typed in: the business's name and the parent's (never a child's). */
  account_name: z.string(),
  bank_name: z.string(),
  active: z.boolean(),
  createdBy: ref.nullable(),
  createdAt: timestampSchema,
  deactivatedBy: ref.nullable(),
  deactivatedAt: timestampSchema.nullable(),
  deactivation_reason: z.string().nullable(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** What `POST /virtual-accounts` answers: the account, and whether this call opened it or found it open. */
export const openedVirtualAccountSchema = z.object({ account: virtualAccountSchema, opened: z.boolean() });
export type OpenedVirtualAccount = z.infer<typeof openedVirtualAccountSchema>;

export const openAllVirtualAccountsResultSchema = z.object({
  opened: z.number().int(),
  failed: z.number().int(),
  /** Families of the school still without an account after this call: call again to open more. */
  remaining: z.number().int(),
  failures: z.array(z.object({ holder: ref, message: z.string() })),
});
export type OpenAllVirtualAccountsResult = z.infer<typeof openAllVirtualAccountsResultSchema>;

/** GET /virtual-accounts: a school's accounts, newest first. */
export const virtualAccountListQuerySchema = z.object({
  school_id: idSchema,
  active: flag,
  /** Part of the holder's name or of the account number. */
  search: z.string().trim().max(100).optional(),
  page,
  limit,
});
export type VirtualAccountListQuery = z.output<typeof virtualAccountListQuerySchema>;

export const virtualAccountListSchema = z.object({
  accounts: z.array(virtualAccountSchema),
  pagination: paginationSchema,
});
export type VirtualAccountList = z.infer<typeof virtualAccountListSchema>;

/** POST /virtual-accounts/{id}/deactivate: closed at the provider; money sent later is still credited. */
export const deactivateVirtualAccountInputSchema = z.object({
  reason: requiredText('Please give a reason', 500),
});

/** POST /virtual-accounts/{id}/requery: ask the provider to send again what it did not notify for a day. */
export const requeryVirtualAccountInputSchema = z.object({
  /** The day the transfers were made, in Lagos; today unless given. */
  date: calendarDate('Use a date as YYYY-MM-DD').optional(),
});

export const requeryVirtualAccountResultSchema = z.object({ account_number: z.string(), date: z.string() });
export type RequeryVirtualAccountResult = z.infer<typeof requeryVirtualAccountResultSchema>;

/** GET /virtual-accounts/credits: the money that arrived in a school's accounts, newest first. */
export const virtualAccountCreditsQuerySchema = z.object({
  school_id: idSchema,
  status: z.enum(VIRTUAL_ACCOUNT_CREDIT_STATUSES).optional(),
  account_id: idSchema.optional(),
  page,
  limit,
});
export type VirtualAccountCreditsQuery = z.output<typeof virtualAccountCreditsQuerySchema>;

/** One arrival and the lines it became: a credited payment (with its receipt) per fee. */
export const virtualAccountCreditSchema = z.object({
  _id: idSchema,
  account: z
    .object({
      _id: idSchema,
      account_number: z.string(),
      holder: ref.extend({ kind: z.enum(VIRTUAL_ACCOUNT_HOLDER_KINDS) }),
    })
    .nullable(),
  /** The account number the bank credited, also when it is none of SchoolLedger's. */
  receiver_account_number: z.string(),
  provider: z.enum(VIRTUAL_ACCOUNT_PROVIDERS),
  transaction_id: z.string(),
  reference: z.string(),
  amount: nairaResponseAmount,
  currency: z.string(),
  sender: z.object({
    name: z.string().nullable(),
    bank: z.string().nullable(),
    /** Masked by the bank: only the last digits show. */
    account_number: z.string().nullable(),
  }),
  narration: z.string().nullable(),
  paidAt: timestampSchema,
  status: z.enum(VIRTUAL_ACCOUNT_CREDIT_STATUSES),
  reason: z.string().nullable(),
  /** What of the amount waits for a person: all of it when held, the rest when only part could be placed. */
  unplaced: nairaResponseAmount,
  payments: z.array(
    z.object({
      _id: idSchema,
      receiptNo: z.string().nullable(),
      amount: nairaResponseAmount,
      student: ref,
      fee: ref,
    }),
  ),
  createdAt: timestampSchema,
});
export type VirtualAccountCredit = z.infer<typeof virtualAccountCreditSchema>;

export const virtualAccountCreditListSchema = z.object({
  credits: z.array(virtualAccountCreditSchema),
  pagination: paginationSchema,
});
export type VirtualAccountCreditList = z.infer<typeof virtualAccountCreditListSchema>;

/** GET /virtual-accounts/mine: a parent's or student's family account at each school of their children. */
export const myVirtualAccountSchema = z.object({
  school: ref,
  /** Null until the school opens one for the family. */
  account: z
    .object({
      bank_name: z.string(),
      account_number: z.string(),
      account_name: z.string(),
      /** In the demo only: the local bank's page where a transfer into this account can be sent; else null. */
      demo_bank_url: z.string().url().nullable(),
    })
    .nullable(),
  /** The family's payment code, shown beside the account; a transfer to the account needs no code in its narration. */
  payment_code: z.string(),
  /**
   * True while the family has no account and the school opens them through Flutterwave, which opens
   * one only with the holder's BVN: the payer opens it here (`POST /virtual-accounts/mine`).
   */
  open_with_bvn: z.boolean(),
  /** The sentence to show with it. */
  instructions: z.string(),
});
export const myVirtualAccountsSchema = z.object({ accounts: z.array(myVirtualAccountSchema) });

/**
 * POST /virtual-accounts/mine: a parent (or a student with no parent) opens the family's account at
 * a school that takes Flutterwave accounts. The BVN goes to Flutterwave once and is not kept.
 */
export const openMyVirtualAccountInputSchema = z.object({
  school_id: idSchema,
  bvn: z
    .string({ error: 'Enter your BVN' })
    .trim()
    .min(1, 'Enter your BVN')
    .regex(/^\d{11}$/, 'A BVN is 11 digits'),
  consent: z.literal(true, { error: 'Agree to your BVN being sent to Flutterwave to open the account' }),
});
export type OpenMyVirtualAccountInput = z.output<typeof openMyVirtualAccountInputSchema>;
export type MyVirtualAccounts = z.infer<typeof myVirtualAccountsSchema>;
