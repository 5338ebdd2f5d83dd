import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * One school's payment settings (SPEC §3 payment profile). Secret keys and the Flutterwave
 * webhook hash are stored encrypted (`lib/secrets.ts`, AES-256-GCM) and never returned.
 */
export const paymentProfiles = pgTable('payment_profiles', {
  id: id(),
  schoolId: uuid('school_id')
    .notNull()
    .unique()
    .references(() => schools.id),
  psPublicKey: text('ps_public_key'),
  psSecretKeyEnc: text('ps_secret_key_enc'),
  activatePs: boolean('activate_ps').notNull().default(false),
  fwPublicKey: text('fw_public_key'),
  fwSecretKeyEnc: text('fw_secret_key_enc'),
  /** What Flutterwave sends back in `verif-hash`: set by the school in its Flutterwave dashboard. */
  fwSecretHashEnc: text('fw_secret_hash_enc'),
  activateFw: boolean('activate_fw').notNull().default(false),
  activateBankTransfer: boolean('activate_bank_transfer').notNull().default(false),
  activateCash: boolean('activate_cash').notNull().default(true),
  accountNo: text('account_no'),
  accountName: text('account_name'),
  bankName: text('bank_name'),
  defaultPaymentMethod: text('default_payment_method', {
    enum: ['paystack', 'flutterwave', 'bank_transfer', 'cash'],
  })
    .notNull()
    .default('cash'),
  enableInstallments: boolean('enable_installments').notNull().default(false),
  minimumInstallmentKobo: bigint('minimum_installment_kobo', { mode: 'bigint' }).notNull().default(sql`100000`),
  /** Family credit pays the family's next fees of this school by itself, oldest first (issue 16). */
  autoApplyCredit: boolean('auto_apply_credit').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...timestamps(),
});
