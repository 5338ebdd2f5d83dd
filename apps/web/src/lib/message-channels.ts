import { OUTBOX_CHANNEL_LABELS } from '@schoolledger/domain';

/** The channels as people call them, on the profile and on the Messages screen alike. */
export const CHANNEL_LABELS = OUTBOX_CHANNEL_LABELS;
