import type { MessagingAccount, MessagingAccountValues, SavedSecret } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { type FieldError, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secrets.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { accountSends } from './group-adapters.js';
import {
  findMessagingAccount,
  groupSchoolExists,
  lockMessagingAccount,
  type MessagingAccountRow,
  upsertMessagingAccount,
} from './messaging-accounts.queries.js';

const GROUP_NOT_FOUND = 'School group not found';

/**
 * The school group whose own accounts a caller works on: their own, or for the super-admin the
 * one they name. Another group's id is, to a group's staff, not there.
 */
async function groupOf(ctx: AppContext, auth: AuthContext, requested: string | undefined): Promise<string> {
  const { scope } = auth;
  if (scope.kind === 'none') throw forbidden();
  if (scope.kind !== 'all') {
    if (requested !== undefined && requested !== scope.groupSchoolId) throw notFound(GROUP_NOT_FOUND);
    return scope.groupSchoolId;
  }
  if (requested === undefined) {
    throw validationFailed([{ field: 'group_school_id', message: 'Please select a school group' }]);
  }
  if (!(await groupSchoolExists(ctx.db, requested))) throw notFound(GROUP_NOT_FOUND);
  return requested;
}

/** Whether a secret is saved and, for one long enough not to give itself away, its last 4 characters. */
function savedSecret(ctx: AppContext, blob: string | null): SavedSecret {
  if (!blob) return { set: false, last4: null };
  let plain: string | null = null;
  try {
    plain = decryptSecret(blob, ctx.encryptionKey);
  } catch {
    // Saved under another server key: it is set, and unreadable until saved again.
  }
  return { set: true, last4: plain && plain.length >= 12 ? plain.slice(-4) : null };
}

function toAccount(ctx: AppContext, groupSchoolId: string, row: MessagingAccountRow | null): MessagingAccount {
  return {
    groupSchoolId,
    termiiApiKey: savedSecret(ctx, row?.termiiApiKeyEnc ?? null),
    termiiSecretKey: savedSecret(ctx, row?.termiiSecretKeyEnc ?? null),
    termiiSenderId: row?.termiiSenderId ?? null,
    whatsappToken: savedSecret(ctx, row?.whatsappTokenEnc ?? null),
    whatsappPhoneNumberId: row?.whatsappPhoneNumberId ?? null,
    whatsappAppSecret: savedSecret(ctx, row?.whatsappAppSecretEnc ?? null),
    ownAccount: { sms: accountSends(row, 'sms'), whatsapp: accountSends(row, 'whatsapp') },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getMessagingAccount(ctx: AppContext, auth: AuthContext, requested: string | undefined) {
  const group = await groupOf(ctx, auth, requested);
  return toAccount(ctx, group, await findMessagingAccount(ctx.db, group));
}

type SecretColumn = 'termiiApiKeyEnc' | 'termiiSecretKeyEnc' | 'whatsappTokenEnc' | 'whatsappAppSecretEnc';

const SECRETS: [keyof MessagingAccountValues, SecretColumn][] = [
  ['termiiApiKey', 'termiiApiKeyEnc'],
  ['termiiSecretKey', 'termiiSecretKeyEnc'],
  ['whatsappToken', 'whatsappTokenEnc'],
  ['whatsappAppSecret', 'whatsappAppSecretEnc'],
];

/** Secrets reach the audit log only as whether they are saved, and what a save did to them. */
function auditView(row: MessagingAccountRow | null, before?: MessagingAccountRow | null) {
  if (!row) return null;
  const secret = (column: SecretColumn) => {
    const now = row[column];
    if (before === undefined) return now ? 'set' : null;
    const then = before?.[column] ?? null;
    if (then === now) return now ? 'unchanged' : null;
    if (!now) return 'removed';
    return then ? 'changed' : 'set';
  };
  return {
    termiiApiKey: secret('termiiApiKeyEnc'),
    termiiSecretKey: secret('termiiSecretKeyEnc'),
    termiiSenderId: row.termiiSenderId,
    whatsappToken: secret('whatsappTokenEnc'),
    whatsappPhoneNumberId: row.whatsappPhoneNumberId,
    whatsappAppSecret: secret('whatsappAppSecretEnc'),
  };
}

/** A channel's keys are all or nothing: half an account would send what no report can confirm, or not send at all. */
function problemsWith(row: Omit<MessagingAccountRow, 'updatedAt'>): FieldError[] {
  const errors: FieldError[] = [];
  const termii = row.termiiApiKeyEnc !== null;
  if (termii && !row.termiiSecretKeyEnc) {
    errors.push({
      field: 'termiiSecretKey',
      message: "Termii's secret key is needed too: it signs the delivery reports",
    });
  }
  if (!termii && (row.termiiSecretKeyEnc || row.termiiSenderId)) {
    errors.push({ field: 'termiiApiKey', message: 'Enter the Termii API key, or remove the other Termii fields' });
  }
  const whatsapp = row.whatsappTokenEnc !== null;
  if (whatsapp && !row.whatsappPhoneNumberId) {
    errors.push({ field: 'whatsappPhoneNumberId', message: 'Enter the phone number ID the messages go from' });
  }
  if (whatsapp && !row.whatsappAppSecretEnc) {
    errors.push({
      field: 'whatsappAppSecret',
      message: "The app secret is needed too: it signs WhatsApp's status reports",
    });
  }
  if (!whatsapp && (row.whatsappPhoneNumberId || row.whatsappAppSecretEnc)) {
    errors.push({
      field: 'whatsappToken',
      message: 'Enter the WhatsApp access token, or remove the other WhatsApp fields',
    });
  }
  return errors;
}

/**
 * Saves the group's own accounts. A secret omitted or empty keeps the saved one, null removes it,
 * text replaces it (stored encrypted); a plain field omitted keeps its value, empty or null clears
 * it. Audited with the secrets only as what happened to them.
 */
export async function saveMessagingAccount(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  requested: string | undefined,
  input: MessagingAccountValues,
) {
  const group = await groupOf(ctx, auth, requested);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockMessagingAccount(tx, group);
    const text = (given: string | null | undefined, stored: string | null | undefined) =>
      given === undefined ? (stored ?? null) : given || null;
    const values = {
      groupSchoolId: group,
      termiiSenderId: text(input.termiiSenderId, before?.termiiSenderId),
      whatsappPhoneNumberId: text(input.whatsappPhoneNumberId, before?.whatsappPhoneNumberId),
      updatedBy: auth.userId,
    } as Omit<MessagingAccountRow, 'updatedAt'>;
    for (const [field, column] of SECRETS) {
      const given = input[field];
      values[column] =
        given === undefined
          ? (before?.[column] ?? null)
          : given === null
            ? null
            : encryptSecret(given, ctx.encryptionKey);
    }
    const errors = problemsWith(values);
    if (errors.length) throw validationFailed(errors);
    const saved = await upsertMessagingAccount(tx, { ...values, updatedAt: ctx.clock() });
    await recordAudit(tx, actor, {
      action: before ? 'messaging_account.update' : 'messaging_account.create',
      entity: 'messaging_account',
      entityId: group,
      schoolId: null,
      groupSchoolId: group,
      before: auditView(before),
      after: auditView(saved, before),
    });
    return saved;
  });
  return toAccount(ctx, group, row);
}
