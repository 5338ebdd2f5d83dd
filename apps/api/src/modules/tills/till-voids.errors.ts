import { PAYMENT_ERROR_CODES, TILL_VOID_ERROR_CODES } from '@schoolledger/domain';
import { conflict, forbidden, notFound } from '../../lib/errors.js';

/** Answered as the payments module answers it; the tills module does not depend on that one (it depends on tills). */
export const paymentNotFound = () => notFound('Payment not found', PAYMENT_ERROR_CODES.paymentNotFound);

export const voidNotFound = () => notFound('Void not found', TILL_VOID_ERROR_CODES.tillVoidNotFound);

/** The payment or its till does not allow a void; the message says why. */
export const voidNotAllowed = (message: string) => conflict(message, TILL_VOID_ERROR_CODES.tillVoidNotAllowed);

export const voidNotYourTill = () =>
  forbidden('Only the bursar whose till it is can void its payments', TILL_VOID_ERROR_CODES.tillVoidNotAllowed);

export const voidAlreadyRequested = () =>
  conflict('This payment already has a void waiting or approved', TILL_VOID_ERROR_CODES.tillVoidAlreadyRequested);

export const voidAlreadyDecided = (status: 'approved' | 'rejected') =>
  conflict(`This void was already ${status}`, TILL_VOID_ERROR_CODES.tillVoidAlreadyDecided);

export const ownVoidDecision = () =>
  forbidden(
    'Someone who did not ask for this void, record the payment or benefit from it must decide it',
    TILL_VOID_ERROR_CODES.tillVoidOwnDecision,
  );

export const voidDeciderNotAllowed = (allowed: readonly string[]) =>
  forbidden(
    `At this school a void is approved by: ${allowed.join(', ')}`,
    TILL_VOID_ERROR_CODES.tillVoidDeciderNotAllowed,
  );

export const voidPendingOnClose = () =>
  conflict(
    'A void on this till is waiting for approval: have it approved or rejected before closing the till',
    TILL_VOID_ERROR_CODES.tillVoidPending,
  );
