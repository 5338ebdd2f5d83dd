import { entityMessages } from '@schoolledger/domain';

/** SPEC §2, §5 and §8 texts of Fee Management that the domain package does not carry. */
export const FEE_MESSAGES = {
  ...entityMessages('Fee'),
  approved: 'Fee approved successfully!',
  approveFailed: 'Failed to approve fee',
  rejected: 'Fee rejected successfully!',
  rejectFailed: 'Failed to reject fee',
  loadFailed: 'Failed to load fees',
  loadUnapprovedFailed: 'Failed to load unapproved fees',
  statsFailed: 'Failed to fetch fee statistics',
  outstandingFailed: 'Failed to fetch outstanding fees report',
  loading: 'Loading fee data...',
  accessDenied: "You don't have permission to access fee management.",
  /** In place of Create Fee, for those who may not create one. */
  whoCreates: 'Fees are created by the bursar or an administrator.',
  youApprove: 'You approve or reject them under Pending Approvals.',
  principalApproves: 'The principal or another bursar approves them.',
  ownFee: 'You created or last edited this fee; another reviewer must approve it',
  sentBackOnEdit:
    'This fee is approved. Changing what anyone owes (amount, term, due date, installments, active, or who it applies to) sends it back for approval.',
} as const;
