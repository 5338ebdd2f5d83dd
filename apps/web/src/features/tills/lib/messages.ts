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
} as const;
