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

/** Dialog titles of SPEC §2, one per step. */
export const STEP_TITLE = {
  methods: 'Choose Payment Method',
  processing: 'Processing Payment',
  bank_details: 'Bank Transfer Details',
  success: 'Payment Initiated',
} as const;
