import { MESSAGING_ERROR_CODES } from '@schoolledger/domain';
import { AppError, conflict, fieldError } from '../../lib/errors.js';

/** The coded errors of phone confirmation, consent and the providers' webhooks. */

export const phoneCodeWrong = () =>
  fieldError('code', 'That code is not right; check the SMS and try again', {
    code: MESSAGING_ERROR_CODES.phoneCodeWrong,
  });

export const phoneCodeExpired = () =>
  fieldError('code', 'This code has expired or was tried too often; ask for a new one', {
    code: MESSAGING_ERROR_CODES.phoneCodeExpired,
  });

export const phoneNotVerified = () =>
  conflict('Confirm your phone number first: we send it a code', MESSAGING_ERROR_CODES.phoneNotVerified);

export const consentWordingChanged = () =>
  conflict(
    'The wording you agreed to has changed (your number or school changed); read it again and agree to the new wording',
    MESSAGING_ERROR_CODES.consentWordingChanged,
  );

export const channelUnavailable = (channel: 'sms' | 'whatsapp') =>
  conflict(
    `Messages by ${channel === 'sms' ? 'SMS' : 'WhatsApp'} are not set up yet; ask the school's office`,
    MESSAGING_ERROR_CODES.channelUnavailable,
  );

export const webhookSignatureRefused = () =>
  new AppError(401, MESSAGING_ERROR_CODES.messagingWebhookSignature, 'The signature does not match');
