/** Texts of the cash tills page. */
export const TILL_MESSAGES = {
  opened: 'Till opened',
  openFailed: 'Failed to open the till',
  closed: 'Till counted and closed',
  closeFailed: 'Failed to close the till',
  confirmed: 'Till close confirmed',
  confirmFailed: 'Failed to confirm the till',
  banked: 'Banking recorded',
  bankFailed: 'Failed to record the banking',
  loadFailed: 'Failed to load the tills',
  reportFailed: 'Failed to load the till report',
  voidRequested: 'Void waiting for approval',
  voidRequestFailed: 'Failed to ask for the void',
  voidApproved: 'Void approved: hand the money back from the till',
  voidRejected: 'Void rejected: the payment stands',
  voidDecisionFailed: 'Failed to decide the void',
  voidsFailed: 'Failed to load the voids',
} as const;
