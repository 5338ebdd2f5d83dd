import { lookup } from 'node:dns/promises';
import { BlockList } from 'node:net';
import { EMAIL_MESSAGES } from '@schoolledger/domain';

/*
 * A group's SMTP host is typed by a tenant, and the server connects to it: without a check, the
 * test send would reach the cloud metadata service, a database on loopback or any host of the
 * server's own network (SSRF). The host name is resolved, every address checked, and the
 * connection made to the address that was checked, so a second DNS answer cannot swap it.
 */

type Family = 'ipv4' | 'ipv6';

function rangesOf(ranges: readonly [string, number, Family][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/**
 * This machine and private networks: a school's own mail server on its LAN is a real case, so
 * the operator may allow these (SMTP_ALLOW_PRIVATE_HOSTS); a tenant never can. BlockList checks
 * IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges.
 */
const LOCAL = rangesOf([
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
]);

/**
 * Addresses no mail server has: unspecified, link-local (the cloud metadata service at
 * 169.254.169.254), multicast, documentation and reserved ranges, and the IPv6 forms that carry an
 * IPv4 address we could not check (IPv4-compatible, NAT64, 6to4, Teredo). Refused even when the
 * operator allows local hosts.
 */
const NEVER = rangesOf([
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 96, 'ipv6'],
  ['::ffff:0:0:0', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 32, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

export type AddressKind = 'public' | 'local' | 'never';

/** Which of the three an IP address is. */
export function addressKind(address: string, family: 4 | 6): AddressKind {
  const type: Family = family === 4 ? 'ipv4' : 'ipv6';
  // Local first: ::1 lies inside the IPv4-compatible ::/96 that NEVER holds.
  if (LOCAL.check(address, type)) return 'local';
  return NEVER.check(address, type) ? 'never' : 'public';
}

const REFUSALS = {
  notFound: EMAIL_MESSAGES.smtpHostNotFound,
  local: EMAIL_MESSAGES.smtpHostLocal,
  reserved: EMAIL_MESSAGES.smtpHostReserved,
} as const;

/** A send that failed for a reason we worded ourselves: its message is shown as it is. */
export class SmtpProblem extends Error {}

/** A host we will not connect to, with the reason in words for the school's administrator. */
export class SmtpHostRefused extends SmtpProblem {
  constructor(readonly reason: keyof typeof REFUSALS) {
    super(REFUSALS[reason]);
  }
}

/**
 * The address to connect to for `host`: every address it resolves to must be public (or local,
 * when the operator allows it), else the whole host is refused.
 */
export async function checkedSmtpAddress(host: string, allowLocal: boolean): Promise<string> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new SmtpHostRefused('notFound');
  }
  if (addresses.length === 0) throw new SmtpHostRefused('notFound');
  for (const { address, family } of addresses) {
    const kind = addressKind(address, family === 6 ? 6 : 4);
    if (kind === 'never') throw new SmtpHostRefused('reserved');
    if (kind === 'local' && !allowLocal) throw new SmtpHostRefused('local');
  }
  return addresses[0]!.address;
}

/** An SMTP reply (`451 Mailbox busy`): three digits of a 4xx or 5xx class, then text. */
const SMTP_REPLY = /^[45]\d\d[ -]/;

const WORDS: Record<string, string> = {
  EDNS: EMAIL_MESSAGES.smtpHostNotFound,
  ETLS: EMAIL_MESSAGES.smtpTlsFailed,
  EAUTH: EMAIL_MESSAGES.smtpAuthRefused,
  ENOAUTH: EMAIL_MESSAGES.smtpAuthRefused,
  EENVELOPE: EMAIL_MESSAGES.smtpAddressRefused,
  EMESSAGE: EMAIL_MESSAGES.smtpMessageRefused,
};
/** Failures that come after the server greeted us as SMTP and answered a command of ours. */
const REPLIED = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

/**
 * Why a send failed, as the test send and the outbox show it: what went wrong in our words. The
 * server's own reply is added only where an SMTP server answered a command (a refused password,
 * recipient or message: "451 Mailbox busy" helps the school); a connection, greeting or TLS
 * failure never repeats the peer's bytes, which on a port that is not SMTP are another service's
 * banner (a database's version, say) and would tell open ports from closed ones.
 */
export function smtpFailure(error: unknown): string {
  if (error instanceof SmtpProblem) return error.message;
  const { code, response } = error as { code?: unknown; response?: unknown };
  const words = WORDS[String(code)] ?? EMAIL_MESSAGES.smtpNoAnswer;
  const answered = REPLIED.has(String(code)) && typeof response === 'string' && SMTP_REPLY.test(response);
  if (!answered) return words;
  const reply = response
    .split(/\r?\n/)[0]!
    .replace(/[^\x20-\x7E]/g, ' ')
    .slice(0, 200);
  return `${words}: ${reply}`;
}
