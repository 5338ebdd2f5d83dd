import { type AppNotification, notificationSchema } from '@schoolledger/domain';
import { z } from 'zod';
import type { NotificationRow } from './notifications.queries.js';

/** Metadata is stored as JSON, amounts as kobo strings (`amountKobo`); the response carries kobo as a bigint (naira on the wire). */
export function presentNotification(row: NotificationRow): AppNotification {
  const { amountKobo, ...rest } = row.metadata as Record<string, string | undefined>;
  return {
    _id: row.id,
    seq: row.seq,
    kind: row.kind,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    timestamp: row.createdAt.toISOString(),
    actionUrl: row.actionUrl,
    metadata: { ...rest, ...(amountKobo === undefined ? {} : { amount: BigInt(amountKobo) }) },
  };
}

/** The notice as the API sends it (amounts in naira): what an event stream writes. */
export const notificationOnTheWire = (row: NotificationRow) => z.encode(notificationSchema, presentNotification(row));
