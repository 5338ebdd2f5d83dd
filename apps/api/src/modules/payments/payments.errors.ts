import { entityMessages, PAYMENT_ERROR_CODES } from '@schoolledger/domain';
import { AppError, badRequest, conflict, notFound, validationFailed } from '../../lib/errors.js';

export const RECEIPT_NOT_READY = 'A receipt is available once the payment is successful';
const ALREADY_REFUNDED = 'This payment has already been refunded';

export const paymentNotFound = () => notFound(entityMessages('Payment').notFound, PAYMENT_ERROR_CODES.paymentNotFound);
export const fullPaymentRequired = () =>
  validationFailed(
    [{ field: 'amount', message: 'This fee must be paid in full' }],
    PAYMENT_ERROR_CODES.fullPaymentRequired,
  );
export const amountBelowMinimumInstallment = (message: string) =>
  validationFailed([{ field: 'amount', message }], PAYMENT_ERROR_CODES.amountBelowMinimumInstallment);
export const idempotencyKeyReused = () =>
  conflict('This Idempotency-Key was already used for another payment', PAYMENT_ERROR_CODES.idempotencyKeyReused);
export const paymentMethodUnavailable = (message: string) =>
  badRequest(message, PAYMENT_ERROR_CODES.paymentMethodUnavailable);
export const receiptNotReady = () => conflict(RECEIPT_NOT_READY, PAYMENT_ERROR_CODES.receiptNotReady);
export const refundNotAllowed = (message: string) => conflict(message, PAYMENT_ERROR_CODES.refundNotAllowed);
export const alreadyRefunded = () => conflict(ALREADY_REFUNDED, PAYMENT_ERROR_CODES.alreadyRefunded);
export const providerRefusedRefund = (message: string) =>
  new AppError(400, PAYMENT_ERROR_CODES.providerRefusedRefund, message);
export const transferNotPending = (message: string) => conflict(message, PAYMENT_ERROR_CODES.transferNotPending);
export const checkoutNotFound = () =>
  notFound(entityMessages('Checkout').notFound, PAYMENT_ERROR_CODES.checkoutNotFound);
/** `others`: the schools whose payments go to another account than `first`, the first fee's school. */
export const checkoutAccountsDiffer = (first: string, others: string[]) =>
  validationFailed(
    [
      {
        field: 'items',
        message: `${others.join(', ')} ${others.length === 1 ? 'takes' : 'take'} payments into another account than ${first}: pay their fees in a separate checkout`,
      },
    ],
    PAYMENT_ERROR_CODES.checkoutAccountsDiffer,
  );
