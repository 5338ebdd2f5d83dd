import type {
  LedgerAccount,
  LedgerAccountCreate,
  LedgerAccountList,
  LedgerAccountMappingInput,
  LedgerAccountUpdate,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { accountCodeTaken, accountNotFound } from './books.errors.js';
import { auditableAccount, mappingsByAccount, toLedgerAccount } from './books.presenters.js';
import {
  ACCOUNT_CODE_UNIQUE,
  type AccountRow,
  accountsOf,
  insertAccount,
  lockAccount,
  mappingsOf,
  schoolRef,
  setMapping,
  updateAccount,
} from './books.queries.js';

/*
 * The chart of accounts: every school opens with the default chart (the database adds it when the
 * school is created); an accountant renames and recodes accounts, adds their own, and names each
 * account as their accounting package knows it. An account is never removed: the journal's lines
 * point at it for ever.
 */

export const CHART = {
  loaded: 'Chart of accounts loaded',
  created: 'Account added',
  updated: 'Account updated',
  mapped: 'Account mapping saved',
} as const;

type Caller = { ctx: AppContext; auth: AuthContext };

export async function listAccounts({ ctx, auth, schoolId }: Caller & { schoolId: string }): Promise<LedgerAccountList> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  const [school, accounts] = await Promise.all([schoolRef(ctx.db, schoolId), accountsOf(ctx.db, schoolId)]);
  const mappings = mappingsByAccount(
    await mappingsOf(
      ctx.db,
      accounts.map((account) => account.id),
    ),
  );
  return { accounts: accounts.map((account) => toLedgerAccount(account, school!, mappings.get(account.id))) };
}

async function accountView(db: DbOrTx, account: AccountRow): Promise<LedgerAccount> {
  const [school, mappings] = await Promise.all([schoolRef(db, account.schoolId), mappingsOf(db, [account.id])]);
  return toLedgerAccount(account, school!, mappingsByAccount(mappings).get(account.id));
}

/** A code another account of the school holds answers 409 on the field, whichever write found it. */
async function refusingTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, ACCOUNT_CODE_UNIQUE)) throw accountCodeTaken();
    throw error;
  }
}

export async function createAccount({
  ctx,
  auth,
  actor,
  input,
}: Caller & { actor: Actor; input: LedgerAccountCreate }): Promise<LedgerAccount> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
  return refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const account = await insertAccount(tx, {
        schoolId: input.school_id,
        code: input.code,
        name: input.name,
        type: input.type,
      });
      await recordAudit(tx, actor, {
        action: 'ledger_account.create',
        entity: 'ledger_account',
        entityId: account.id,
        schoolId: account.schoolId,
        after: auditableAccount(account),
      });
      return accountView(tx, account);
    }),
  );
}

export async function editAccount({
  ctx,
  auth,
  actor,
  accountId,
  change,
}: Caller & { actor: Actor; accountId: string; change: LedgerAccountUpdate }): Promise<LedgerAccount> {
  return refusingTakenCode(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockAccount(tx, auth.scope, accountId);
      if (!before) throw accountNotFound();
      const after = await updateAccount(tx, before.id, change);
      await recordAudit(tx, actor, {
        action: 'ledger_account.update',
        entity: 'ledger_account',
        entityId: after.id,
        schoolId: after.schoolId,
        before: auditableAccount(before),
        after: auditableAccount(after),
      });
      return accountView(tx, after);
    }),
  );
}

export async function mapAccount({
  ctx,
  auth,
  actor,
  accountId,
  mapping,
}: Caller & { actor: Actor; accountId: string; mapping: LedgerAccountMappingInput }): Promise<LedgerAccount> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, auth.scope, accountId);
    if (!account) throw accountNotFound();
    const before = mappingsByAccount(await mappingsOf(tx, [account.id])).get(account.id)?.[mapping.package] ?? null;
    await setMapping(tx, {
      accountId: account.id,
      package: mapping.package,
      externalAccount: mapping.external_account,
    });
    await recordAudit(tx, actor, {
      action: 'ledger_account.mapping',
      entity: 'ledger_account',
      entityId: account.id,
      schoolId: account.schoolId,
      before: { package: mapping.package, externalAccount: before },
      after: { package: mapping.package, externalAccount: mapping.external_account },
    });
    return accountView(tx, account);
  });
}
