import type { MyVirtualAccounts, VirtualAccountProvider } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { paymentCodeOf } from '../users/users.queries.js';
import {
  findHolder,
  opensAccountsWith,
  parentAccountsBySchool,
  schoolOf,
  studentFamilyAccount,
} from './virtual-accounts.queries.js';

function instructionsFor(
  schoolName: string,
  paymentCode: string,
  account: boolean,
  opensWith: VirtualAccountProvider | null,
) {
  if (account)
    return `Pay ${schoolName}'s fees into this account from any bank app. It is your family's own account: the money pays the fees still owed by itself, oldest first, each with its receipt, and anything beyond them stays with the school for your family. No payment code is needed in the narration.`;
  const meanwhile = `Meanwhile, for a transfer to the school's account, write your payment code ${paymentCode} in the narration.`;
  return opensWith === 'flutterwave'
    ? `${schoolName} gives each family its own account number through Flutterwave, which opens it with the BVN of the person it is for. ${meanwhile}`
    : `${schoolName} has not opened an account for your family yet. Pay by another method; for a transfer to the school's account, write your payment code ${paymentCode} in the narration.`;
}

/** The account as the payer copies it; in the demo, with the local bank's page that sends money to it. */
function shownAccount(
  ctx: AppContext,
  account: { provider: string; bankName: string; accountNumber: string; accountName: string },
) {
  const demoBank = account.provider === 'paystack' ? ctx.config.demoBankUrl : undefined;
  return {
    bank_name: account.bankName,
    account_number: account.accountNumber,
    account_name: account.accountName,
    demo_bank_url: demoBank ? `${demoBank}/bank/${encodeURIComponent(account.accountNumber)}` : null,
  };
}

/**
 * GET /virtual-accounts/mine: a parent's family account at each school of their children, or a
 * student's family account at their school (theirs, or their parent's), as the payer copies it.
 * Schools that do not take virtual accounts are left out, unless the family still has one there.
 */
export async function myAccounts(ctx: AppContext, auth: AuthContext): Promise<MyVirtualAccounts> {
  const ownCode = (await paymentCodeOf(ctx.db, auth.userId)) ?? '';
  if (auth.roles.includes('Parent')) {
    const rows = await parentAccountsBySchool(ctx.db, auth.userId);
    return {
      accounts: rows.map((row) => ({
        school: { _id: row.school.id, name: row.school.name },
        account: row.account ? shownAccount(ctx, row.account) : null,
        payment_code: ownCode,
        open_with_bvn: row.account === null && row.opensWith === 'flutterwave',
        instructions: instructionsFor(row.school.name, ownCode, row.account !== null, row.opensWith),
      })),
    };
  }
  const school = auth.schoolId ? await schoolOf(ctx.db, auth.schoolId) : undefined;
  if (!school) return { accounts: [] };
  const [account, opensWith] = await Promise.all([
    studentFamilyAccount(ctx.db, auth.userId, school.id),
    opensAccountsWith(ctx.db, school.id),
  ]);
  if (!account && !opensWith) return { accounts: [] };
  const code = account?.paymentCode ?? ownCode;
  return {
    accounts: [
      {
        school: { _id: school.id, name: school.name },
        account: account ? shownAccount(ctx, account) : null,
        payment_code: code,
        // A student opens their own only when no parent is linked: a parent's account is the family's.
        open_with_bvn:
          !account && opensWith === 'flutterwave' && !(await findHolder(ctx.db, school.id, auth.userId))?.hasParent,
        instructions: instructionsFor(school.name, code, account !== undefined, opensWith),
      },
    ],
  };
}
