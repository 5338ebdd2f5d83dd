import {
  type AvailableMethods,
  entityMessages,
  type OnlineMethod,
  PAYMENT_METHOD_LABELS,
  type PayerMethod,
  type PaymentMethodOption,
  type PaymentProfile,
  type paymentProfileInputSchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { type FieldError, validationFailed } from '../../lib/errors.js';
import { encryptSecret } from '../../lib/secrets.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { ProviderError } from '../providers/provider.js';
import { providerForKeyTest } from '../providers/resolve.js';
import { schoolNotFound } from '../schools/schools.errors.js';
import { studentNotFound } from '../students/students.errors.js';
import { findStudent, visibleTo } from '../students/students.queries.js';
import { paymentCodeOf } from '../users/users.queries.js';
import { apiKeysRequired } from './payment-profiles.errors.js';
import { type EffectiveSettings, effectiveSettings, toPaymentProfile } from './payment-profiles.presenter.js';
import {
  findPaymentProfile,
  findSchoolInScope,
  listSchoolProfiles,
  lockPaymentProfile,
  type PaymentProfileRow,
  type PaymentProfileValues,
  type SchoolRef,
  upsertPaymentProfile,
} from './payment-profiles.queries.js';
import { providerFromProfile, readSecret } from './school-providers.js';

export const PROFILE = entityMessages('Payment profile');

type ProfileInput = z.output<typeof paymentProfileInputSchema>;

async function schoolInScope(ctx: AppContext, auth: AuthContext, schoolId: string): Promise<SchoolRef> {
  const school = await findSchoolInScope(ctx.db, auth.scope, schoolId);
  if (!school) throw schoolNotFound();
  return school;
}

export async function listPaymentProfiles(ctx: AppContext, auth: AuthContext): Promise<PaymentProfile[]> {
  const rows = await listSchoolProfiles(ctx.db, auth.scope);
  return rows.map((row) => toPaymentProfile(ctx, row.school, row.profile));
}

export async function getPaymentProfile(ctx: AppContext, auth: AuthContext, schoolId: string) {
  const school = await schoolInScope(ctx, auth, schoolId);
  return toPaymentProfile(ctx, school, await findPaymentProfile(ctx.db, school.id));
}

/** Keys pasted into the wrong box are the usual mistake, and a secret in a public field would leak. */
const KEY_SHAPES: [keyof ProfileInput, RegExp, string][] = [
  ['ps_public_key', /^pk_(test|live)_/, 'A Paystack public key starts with pk_test_ or pk_live_'],
  ['ps_secret_key', /^sk_(test|live)_/, 'A Paystack secret key starts with sk_test_ or sk_live_'],
  ['fw_public_key', /^FLWPUBK(_TEST)?-/, 'A Flutterwave public key starts with FLWPUBK_TEST- or FLWPUBK-'],
  ['fw_secret_key', /^FLWSECK(_TEST)?-/, 'A Flutterwave secret key starts with FLWSECK_TEST- or FLWSECK-'],
];

const ENABLED: Record<PayerMethod, keyof EffectiveSettings> = {
  paystack: 'activatePs',
  flutterwave: 'activateFw',
  bank_transfer: 'activateBankTransfer',
  cash: 'activateCash',
};

/** What a save stores: every setting decided, nothing left to the column defaults. */
type SavedValues = PaymentProfileValues & EffectiveSettings;

function problemsWith(input: ProfileInput, values: SavedValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, shape, message] of KEY_SHAPES) {
    const value = input[field];
    if (typeof value === 'string' && value !== '' && !shape.test(value)) errors.push({ field, message });
  }
  if (values.activateBankTransfer) {
    if (!values.accountNo)
      errors.push({ field: 'account_no', message: 'Account number is required for bank transfer' });
    if (!values.accountName)
      errors.push({ field: 'account_name', message: 'Account name is required for bank transfer' });
    if (!values.bankName) errors.push({ field: 'bank_name', message: 'Bank name is required for bank transfer' });
  }
  if (!values[ENABLED[values.defaultPaymentMethod]]) {
    errors.push({
      field: 'default_payment_method',
      message: 'The default payment method must be one of the enabled methods',
    });
  }
  return errors;
}

/** An absent field keeps what is stored; an empty or null one clears it. */
const text = (given: string | null | undefined, stored: string | null | undefined) =>
  given === undefined ? (stored ?? null) : given || null;

type SecretChange = 'set' | 'changed' | 'cleared' | 'unchanged';

/** Secrets reach the audit log only as what happened to them. */
function secretChange(before: string | null | undefined, after: string | null): SecretChange {
  if (before === after) return 'unchanged';
  if (!after) return 'cleared';
  return before ? 'changed' : 'set';
}

function auditView(row: PaymentProfileRow | null) {
  if (!row) return null;
  const { psSecretKeyEnc, fwSecretKeyEnc, fwSecretHashEnc, minimumInstallmentKobo, createdAt, updatedAt, ...rest } =
    row;
  return {
    ...rest,
    minimumInstallmentKobo: minimumInstallmentKobo.toString(),
    psSecretKey: psSecretKeyEnc ? 'set' : null,
    fwSecretKey: fwSecretKeyEnc ? 'set' : null,
    fwSecretHash: fwSecretHashEnc ? 'set' : null,
  };
}

/**
 * Creates or updates a school's profile (create on an existing profile updates it, so a form
 * opened before another admin's first save does not fail). Partial: a field not sent keeps its
 * value, starting for a new profile from the settings the school runs on without one. A secret
 * not sent, empty or masked keeps the stored one (the schema turns those into "not sent");
 * `clear_*` removes it. Secrets are stored encrypted.
 */
export async function savePaymentProfile(ctx: AppContext, auth: AuthContext, input: ProfileInput, actor: Actor) {
  const school = await schoolInScope(ctx, auth, input.school_id);
  return ctx.db.transaction(async (tx) => {
    const before = await lockPaymentProfile(tx, school.id);
    const current = effectiveSettings(ctx, before);
    const secret = (given: string | undefined, clear: boolean | undefined, stored: string | null | undefined) => {
      if (clear) return null;
      return given ? encryptSecret(given, ctx.encryptionKey) : (stored ?? null);
    };
    const values: SavedValues = {
      schoolId: school.id,
      psPublicKey: text(input.ps_public_key, before?.psPublicKey),
      psSecretKeyEnc: secret(input.ps_secret_key, input.clear_ps_secret_key, before?.psSecretKeyEnc),
      activatePs: input.activate_ps ?? current.activatePs,
      fwPublicKey: text(input.fw_public_key, before?.fwPublicKey),
      fwSecretKeyEnc: secret(input.fw_secret_key, input.clear_fw_secret_key, before?.fwSecretKeyEnc),
      fwSecretHashEnc: secret(input.fw_secret_hash, input.clear_fw_secret_hash, before?.fwSecretHashEnc),
      activateFw: input.activate_fw ?? current.activateFw,
      activateBankTransfer: input.activate_bank_transfer ?? current.activateBankTransfer,
      activateCash: input.activate_cash ?? current.activateCash,
      accountNo: text(input.account_no, before?.accountNo),
      accountName: text(input.account_name, before?.accountName),
      bankName: text(input.bank_name, before?.bankName),
      defaultPaymentMethod: input.default_payment_method ?? current.defaultPaymentMethod,
      enableInstallments: input.enable_installments ?? current.enableInstallments,
      minimumInstallmentKobo: input.minimum_installment_amount ?? current.minimumInstallmentKobo,
      autoApplyCredit: input.auto_apply_credit ?? current.autoApplyCredit,
      updatedBy: auth.userId,
    };
    const errors = problemsWith(input, values);
    if (errors.length) throw validationFailed(errors);
    const row = await upsertPaymentProfile(tx, values, ctx.clock());
    await recordAudit(tx, actor, {
      action: before ? 'payment_profile.update' : 'payment_profile.create',
      entity: 'payment_profile',
      entityId: row.id,
      schoolId: school.id,
      before: auditView(before),
      after: {
        ...auditView(row),
        psSecretKey: secretChange(before?.psSecretKeyEnc, row.psSecretKeyEnc),
        fwSecretKey: secretChange(before?.fwSecretKeyEnc, row.fwSecretKeyEnc),
        fwSecretHash: secretChange(before?.fwSecretHashEnc, row.fwSecretHashEnc),
      },
    });
    return { created: before === null, profile: toPaymentProfile(ctx, school, row) };
  });
}

const PROVIDER_NAME: Record<OnlineMethod, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave' };

/** Asks the provider (the local fake in the demo) whether a key works; a refusal is an answer, not an error. */
export async function testProviderConnection(
  ctx: AppContext,
  auth: AuthContext,
  input: { school_id: string; provider: OnlineMethod; secret_key?: string | undefined },
) {
  const school = await schoolInScope(ctx, auth, input.school_id);
  const profile = await findPaymentProfile(ctx.db, school.id);
  const stored = input.provider === 'paystack' ? profile?.psSecretKeyEnc : profile?.fwSecretKeyEnc;
  const secretKey = input.secret_key || readSecret(ctx, stored ?? null);
  if (!secretKey) throw apiKeysRequired();
  const provider = providerForKeyTest(ctx.config, input.provider, secretKey);
  const name = PROVIDER_NAME[input.provider];
  try {
    await provider.testConnection();
    return { ok: true, message: `Connected to ${name}: the key works` };
  } catch (error) {
    // A ProviderError without a status is a connection that failed, not an answer about the key.
    if (error instanceof ProviderError && error.status !== undefined)
      return { ok: false, message: `${name} refused the key: ${error.message}` };
    return { ok: false, message: `Could not reach ${name}. Check the network and try again.` };
  }
}

/**
 * The school whose methods a caller may see (a student's own, a parent's child's, or one in a
 * staff member's scope) and, for a payer, the payment code their transfer's narration carries: the
 * student's own, so the money lands on the child being paid for.
 */
async function payerSchool(
  ctx: AppContext,
  auth: AuthContext,
  query: { school_id?: string; student_id?: string },
): Promise<{ schoolId: string; paymentCode: string | null }> {
  // A payer's school follows from who they are; a school named beside it must be that one.
  const named = (schoolId: string) => {
    if (query.school_id !== undefined && query.school_id !== schoolId) throw schoolNotFound();
    return schoolId;
  };
  if (auth.roles.includes('Parent') && query.student_id) {
    const child = await findStudent(
      ctx.db,
      visibleTo({ scope: null, parentId: auth.userId, selfId: null }),
      query.student_id,
    );
    if (!child?.user.schoolId) throw studentNotFound();
    return { schoolId: named(child.user.schoolId), paymentCode: child.user.paymentCode };
  }
  if (auth.roles.includes('Student')) {
    if (!auth.schoolId) throw schoolNotFound();
    return { schoolId: named(auth.schoolId), paymentCode: await paymentCodeOf(ctx.db, auth.userId) };
  }
  // Without a child, a parent is shown the methods of a school they may see (their children's).
  if (auth.roles.includes('Parent') && !query.school_id) {
    throw validationFailed([{ field: 'student_id', message: 'Please select a child' }]);
  }
  const schoolId = query.school_id ?? auth.schoolId;
  if (!schoolId) throw validationFailed([{ field: 'school_id', message: 'Please select a school' }]);
  return { schoolId: (await schoolInScope(ctx, auth, schoolId)).id, paymentCode: null };
}

const ONLINE_TEXT: Record<OnlineMethod, { description: string; icon: string }> = {
  paystack: { description: 'Pay securely with your card, bank account or USSD', icon: 'credit-card' },
  flutterwave: { description: 'Pay with card, bank transfer or USSD through Flutterwave', icon: 'globe' },
};

/** SPEC §2 payment method dialog: the methods a school takes, as the payer sees them. */
export async function availableMethods(
  ctx: AppContext,
  auth: AuthContext,
  query: { school_id?: string; student_id?: string },
): Promise<AvailableMethods> {
  const { schoolId, paymentCode } = await payerSchool(ctx, auth, query);
  const row = await findPaymentProfile(ctx.db, schoolId);
  const settings = effectiveSettings(ctx, row);
  const methods: PaymentMethodOption[] = [];
  const online = (method: OnlineMethod, active: boolean) => {
    if (!active || !providerFromProfile(ctx, row, method)) return;
    methods.push({
      method,
      name: PAYMENT_METHOD_LABELS[method],
      ...ONLINE_TEXT[method],
      enabled: true,
      bank_details: null,
    });
  };
  online('paystack', settings.activatePs);
  online('flutterwave', settings.activateFw);
  if (settings.activateBankTransfer && row?.accountNo && row.accountName && row.bankName) {
    methods.push({
      method: 'bank_transfer',
      name: PAYMENT_METHOD_LABELS.bank_transfer,
      description: `Transfer to the school's ${row.bankName} account, then tell us you paid`,
      icon: 'landmark',
      enabled: true,
      bank_details: {
        bank_name: row.bankName,
        account_name: row.accountName,
        account_no: row.accountNo,
        payment_code: paymentCode,
      },
    });
  }
  if (settings.activateCash) {
    methods.push({
      method: 'cash',
      name: PAYMENT_METHOD_LABELS.cash,
      description: 'Pay at the Bursar office',
      icon: 'banknote',
      enabled: true,
      bank_details: null,
    });
  }
  const offered = methods.map((option) => option.method);
  return {
    methods,
    default_payment_method: offered.includes(settings.defaultPaymentMethod)
      ? settings.defaultPaymentMethod
      : (offered[0] ?? 'cash'),
    enable_installments: settings.enableInstallments,
    minimum_installment_amount: settings.minimumInstallmentKobo,
  };
}
