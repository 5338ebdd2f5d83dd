export { ContinueCheckout } from './continue-checkout';
export { PaymentCard, type PaymentCardProps, type PaymentCardVariant, payerName } from './payment-card';
export { PaymentStatusBadge } from './payment-status-badge';
export { downloadReceipt, ReceiptButton, type ReceiptFormat } from './receipt-button';
