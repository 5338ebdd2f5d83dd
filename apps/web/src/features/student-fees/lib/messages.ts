export const FETCH_FEES_FAILED = 'Failed to fetch outstanding fees';

/** SPEC §2 and §8 texts of the payment dialog and the payment history, word for word. */
export const PAYMENT_TEXT = {
  methodsFailed: 'Failed to load payment methods',
  initiateFailed: 'Failed to initiate payment',
  historyFailed: 'Failed to fetch payment history',
  noMethodsTitle: 'No Payment Methods Available',
  noMethodsBody: 'Please contact the school administration to configure payment methods.',
  cashFallback: 'Pay at the Bursar office',
  bankFallback: 'Direct bank transfer (contact school for details)',
  cashChosen: 'Please visit the Bursar office to complete your cash payment',
  bankChosen: 'Bank transfer details provided. Please make the transfer and contact the Bursar office.',
} as const;

/** Dialog titles of SPEC §2, one per step, while its outcome is not known yet. */
export const STEP_TITLE = {
  methods: 'Choose Payment Method',
  processing: 'Processing Payment',
  bank_details: 'Bank Transfer Details',
  success: 'Payment Initiated',
} as const;

/**
 * Once the server has answered, the title says what happened: "Processing Payment" above a
 * failure or "Payment Initiated" above money already received would contradict the body.
 */
export const OUTCOME_TITLE = {
  paid: 'Payment Successful',
  failed: 'Payment Failed',
  pending: 'Awaiting Confirmation',
  review: 'Payment Under Review',
  claimed: 'Transfer Recorded',
} as const;
