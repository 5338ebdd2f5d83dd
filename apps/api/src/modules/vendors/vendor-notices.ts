import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { notify } from '../notifications/notifications.service.js';
import { groupApproversOf } from './vendors.queries.js';

/*
 * The notices of a change of a vendor's bank details, sent in the transaction of the step: the
 * group's approvers when one is proposed, the proposer when someone else decides it.
 */

const PAGE = '/expenses?tab=vendors';

interface Proposal {
  vendor: { name: string; groupSchoolId: string };
  account: { bankName: string; accountNumber: string; accountName: string };
  actor: { id: string; name: string };
}

const accountText = ({ account }: Proposal) => `${account.bankName} ${account.accountNumber} (${account.accountName})`;

export async function notifyBankChangeProposed(tx: DbOrTx, ctx: AppContext, proposal: Proposal) {
  const { vendor, actor } = proposal;
  return notify(tx, ctx, await groupApproversOf(tx, vendor.groupSchoolId, actor.id), {
    kind: 'expense',
    type: 'warning',
    title: `New bank details to approve: ${vendor.name}`,
    message: `${actor.name} proposed paying ${vendor.name} into ${accountText(proposal)}. Payments keep going to the approved account until another approver approves this.`,
    actionUrl: PAGE,
    createdBy: actor.id,
    email: { templateId: 'system_notification', variables: {} },
  });
}

/** The proposer hears that their bank details were approved or rejected, unless they withdrew them. */
export async function notifyBankChangeDecided(
  tx: DbOrTx,
  ctx: AppContext,
  proposal: Proposal & { proposedBy: string | null; approved: boolean; reason?: string },
) {
  const { vendor, actor, proposedBy } = proposal;
  if (!proposedBy || proposedBy === actor.id) return;
  const verb = proposal.approved ? 'approved' : 'rejected';
  return notify(tx, ctx, [proposedBy], {
    kind: 'expense',
    type: proposal.approved ? 'success' : 'error',
    title: `Bank details ${verb}: ${vendor.name}`,
    message: `${actor.name} ${verb} paying ${vendor.name} into ${accountText(proposal)}${proposal.reason ? `: ${proposal.reason}` : '.'}`,
    actionUrl: PAGE,
    ...(proposal.reason ? { metadata: { reason: proposal.reason } } : {}),
    createdBy: actor.id,
    email: { templateId: 'system_notification', variables: {} },
  });
}
