/** Texts of the Payments tab and the payment analytics; SPEC §8 where it names them. */
export const PAYMENT_MESSAGES = {
  loadFailed: 'Failed to load payments',
  statsFailed: 'Failed to fetch payment statistics',
  loading: 'Loading payments...',
  transferConfirmed: 'Bank transfer confirmed successfully!',
  confirmFailed: 'Failed to confirm bank transfer',
  transferRejected: 'Bank transfer rejected',
  rejectFailed: 'Failed to reject bank transfer',
  refunded: 'Payment refunded successfully!',
  refundFailed: 'Failed to refund payment',
  proofFailed: 'Failed to load the proof of payment',
  noAccess: "You don't have permission to see payments.",
} as const;
