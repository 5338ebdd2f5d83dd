import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../app-context.js';

/** Long enough to open the stream right after asking; short, since it travels in a URL. */
export const STREAM_TICKET_TTL_SECONDS = 60;
const AUDIENCE = 'schoolledger:notification-stream';

export interface StreamTicketClaims {
  userId: string;
  familyId: string;
}

const keys = new WeakMap<AppContext, Uint8Array>();

/**
 * Tickets are signed with a key of their own, derived one way from the app's keys, and carry
 * their own audience: an access token is never accepted as a ticket, nor a ticket as an access token.
 */
function ticketKey(ctx: AppContext): Uint8Array {
  let key = keys.get(ctx);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', ctx.encryptionKey, Buffer.alloc(0), 'schoolledger:stream-ticket', 32));
    keys.set(ctx, key);
  }
  return key;
}

export async function signStreamTicket(ctx: AppContext, claims: StreamTicketClaims) {
  const issuedAt = Math.floor(ctx.clock().getTime() / 1000);
  const expiresAt = issuedAt + STREAM_TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({ fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(ticketKey(ctx));
  return { ticket, expiresAt: new Date(expiresAt * 1000) };
}

/** Null for anything that is not an unexpired ticket of ours. */
export async function verifyStreamTicket(ctx: AppContext, ticket: string): Promise<StreamTicketClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(ctx), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: ctx.clock(),
    });
    if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return null;
    return { userId: payload.sub, familyId: payload.fam };
  } catch {
    return null;
  }
}
