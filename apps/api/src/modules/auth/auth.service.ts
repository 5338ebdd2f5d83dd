import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type LoginResponse, MSG, type RefreshResponse } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, unauthenticated } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/hash.js';
import { checkUserPassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { notifyAccountLocked } from '../notifications/notices.service.js';
import { assertPasswordLength, settingsFor, settingsForSchool } from '../settings/settings.service.js';
import {
  type AuthUserRow,
  claimRefreshToken,
  consumePasswordResetToken,
  findAuthUser,
  findRefreshToken,
  findSessionUser,
  findUserByEmail,
  insertPasswordResetToken,
  insertRefreshToken,
  recordLoginAttempt,
  revokeFamily,
  revokePasswordResetTokens,
  revokeUserTokens,
  setResetPassword,
  touchSession,
  updateSignInState,
} from './auth.queries.js';
import { toSessionUser } from './session-user.js';

const DAY_MS = 86_400_000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
// Compared against when the email is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

type SignInAttempt = Parameters<typeof recordLoginAttempt>[1];

/** The attempt (kept for the lockout count) and its audit row are written together. */
async function recordSignIn(db: DbOrTx, actor: Actor, attempt: SignInAttempt, sessionId: string | null = null) {
  await db.transaction(async (tx) => {
    await recordLoginAttempt(tx, attempt);
    await recordAudit(
      tx,
      { ...actor, userId: attempt.success ? attempt.userId : null },
      {
        action: attempt.success ? 'auth.login' : 'auth.login_failed',
        entity: 'session',
        entityId: sessionId,
        schoolId: attempt.schoolId,
        after: { email: attempt.email, userId: attempt.userId, reason: attempt.reason },
      },
    );
  });
}

/** The idle sign-out of the group the user belongs to, in minutes. */
async function idleMinutesOf(ctx: AppContext, row: Pick<AuthUserRow, 'school'>) {
  const { security } = await settingsFor(ctx, {
    groupSchoolId: row.school?.groupSchoolId ?? null,
    schoolId: row.school?.id ?? null,
  });
  return security.sessionTimeoutMinutes;
}

async function issueTokens(
  ctx: AppContext,
  session: { db: DbOrTx; userId: string; familyId: string; rememberMe: boolean; idleMinutes: number },
) {
  const { db, userId, familyId, rememberMe, idleMinutes } = session;
  const refreshToken = randomToken();
  // Without "remember me" the sign-in still survives a day of use, but not a month.
  const days = rememberMe ? ctx.config.refreshTokenTtlDays : 1;
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    rememberMe,
    createdAt: ctx.clock(),
    expiresAt: new Date(ctx.clock().getTime() + days * DAY_MS),
    idleMinutes,
  });
  const token = await ctx.tokens.sign({ userId, familyId });
  return { token, refreshToken };
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; rememberMe: boolean },
  actor: Actor,
): Promise<LoginResponse> {
  const now = ctx.clock();
  const user = await findUserByEmail(ctx.db, input.email);
  const attempt = { email: input.email.toLowerCase(), ip: actor.ip, userAgent: actor.userAgent };

  if (!user) {
    decoyHash ??= hashPassword(randomToken());
    await verifyPassword(await decoyHash, input.password);
    await recordSignIn(ctx.db, actor, {
      ...attempt,
      userId: null,
      schoolId: null,
      success: false,
      reason: 'unknown_email',
    });
    throw unauthenticated(MSG.invalidCredentials, ERROR_CODES.invalidCredentials);
  }
  const who = { ...attempt, userId: user.id, schoolId: user.schoolId };

  if (user.lockedUntil && user.lockedUntil > now) {
    await recordSignIn(ctx.db, actor, { ...who, success: false, reason: 'locked' });
    throw new AppError(423, ERROR_CODES.accountLocked, MSG.accountLocked);
  }

  if (!(await checkUserPassword(user, input.password))) {
    const failures = user.failedLoginCount + 1;
    const { security } = await settingsForSchool(ctx, user.schoolId);
    const locks = failures >= security.loginMaxAttempts;
    if (locks) {
      // The lock and the warning to the account's owner exist together or not at all.
      const lockedUntil = new Date(now.getTime() + security.lockoutMinutes * 60_000);
      await ctx.db.transaction(async (tx) => {
        await updateSignInState(tx, user.id, { failedLoginCount: 0, lockedUntil });
        await notifyAccountLocked(tx, ctx, user.id, lockedUntil);
        await recordAudit(tx, actor, {
          action: 'auth.lockout',
          entity: 'user',
          entityId: user.id,
          schoolId: user.schoolId,
          after: { email: user.email, failedAttempts: failures, lockedUntil: lockedUntil.toISOString() },
        });
      });
    } else {
      await updateSignInState(ctx.db, user.id, { failedLoginCount: failures });
    }
    await recordSignIn(ctx.db, actor, {
      ...who,
      success: false,
      reason: locks ? 'bad_password_locked' : 'bad_password',
    });
    throw unauthenticated(MSG.invalidCredentials, ERROR_CODES.invalidCredentials);
  }

  if (user.status !== 'active') {
    await recordSignIn(ctx.db, actor, { ...who, success: false, reason: 'inactive' });
    throw new AppError(403, ERROR_CODES.accountInactive, MSG.accountInactive);
  }

  await updateSignInState(ctx.db, user.id, { failedLoginCount: 0, lockedUntil: null, lastLogin: now });
  const familyId = randomUUID();
  await recordSignIn(ctx.db, actor, { ...who, success: true, reason: null }, familyId);
  // SPEC §9: reminders are checked at sign-in; in the background, so signing in never waits on them.
  await ctx.jobs.send('reminders.user', { userId: user.id });
  const row = (await findAuthUser(ctx.db, user.id))!;
  const tokens = await issueTokens(ctx, {
    db: ctx.db,
    userId: user.id,
    familyId,
    rememberMe: input.rememberMe,
    idleMinutes: await idleMinutesOf(ctx, row),
  });
  return { user: toSessionUser(row), ...tokens };
}

/**
 * Rotates a refresh token. Presenting a token that was already rotated means it was copied:
 * the whole family is revoked, which signs out both the thief and the owner.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<RefreshResponse> {
  const now = ctx.clock();
  const stored = await findRefreshToken(ctx.db, sha256(refreshToken));
  if (!stored) throw unauthenticated(MSG.tokenRefreshFailed);
  if (stored.usedAt || stored.revokedAt) {
    await revokeFamily(ctx.db, stored.familyId, now);
    throw unauthenticated(MSG.tokenRefreshFailed);
  }
  if (stored.expiresAt <= now) throw unauthenticated(MSG.tokenRefreshFailed);

  const row = await findAuthUser(ctx.db, stored.userId);
  if (row?.user.status !== 'active') {
    await revokeFamily(ctx.db, stored.familyId, now);
    throw unauthenticated(MSG.tokenRefreshFailed);
  }
  // The token was last seen at the session's last request, or at most a minute before it (see
  // plugins/auth.ts): idle for longer than the group's idle sign-out, the sign-in is over.
  const idleMinutes = await idleMinutesOf(ctx, row);
  if (now.getTime() - stored.lastSeenAt.getTime() > idleMinutes * 60_000) {
    await revokeFamily(ctx.db, stored.familyId, now);
    throw unauthenticated(MSG.sessionExpired, ERROR_CODES.sessionIdle);
  }
  // The old token is retired and its successor issued together, so a request checking the
  // session meanwhile always finds one newest token.
  const tokens = await ctx.db.transaction(async (tx) => {
    if (!(await claimRefreshToken(tx, stored.id, now))) return null;
    const { userId, familyId, rememberMe } = stored;
    return issueTokens(ctx, { db: tx, userId, familyId, rememberMe, idleMinutes });
  });
  if (!tokens) {
    await revokeFamily(ctx.db, stored.familyId, now);
    throw unauthenticated(MSG.tokenRefreshFailed);
  }
  return tokens;
}

/** Ends the sign-in named by the refresh token, the access token, or both. */
export async function logout(
  ctx: AppContext,
  credentials: { refreshToken?: string; accessToken?: string },
  actor: Actor,
) {
  const families = new Set<string>();
  if (credentials.refreshToken) {
    const stored = await findRefreshToken(ctx.db, sha256(credentials.refreshToken));
    if (stored) families.add(stored.familyId);
  }
  if (credentials.accessToken) {
    const claims = await ctx.tokens.verify(credentials.accessToken);
    if (claims) families.add(claims.familyId);
  }
  for (const familyId of families) {
    await ctx.db.transaction(async (tx) => {
      const userId = await revokeFamily(tx, familyId, ctx.clock());
      if (!userId) return;
      const row = await findAuthUser(tx, userId);
      await recordAudit(
        tx,
        { ...actor, userId },
        { action: 'auth.logout', entity: 'session', entityId: familyId, schoolId: row?.user.schoolId ?? null },
      );
    });
  }
}

/** Always answers the same way, so the form cannot be used to find out who has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string, actor: Actor) {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status !== 'active') return;
  const token = randomToken();
  const link = `${ctx.config.appUrl}/reset-password?token=${token}`;
  const deliver = await ctx.db.transaction(async (tx) => {
    await insertPasswordResetToken(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(ctx.clock().getTime() + RESET_TOKEN_TTL_MS),
    });
    await recordAudit(tx, actor, {
      action: 'password_reset_requested',
      entity: 'user',
      entityId: user.id,
      schoolId: user.schoolId,
    });
    return ctx.mailer.queue(tx, {
      to: user.email,
      schoolId: user.schoolId,
      sensitive: true,
      subject: 'Reset your SchoolLedger password',
      text: [
        `Hello ${user.firstname},`,
        '',
        'Someone asked to reset the password of your SchoolLedger account.',
        `Open this link within one hour to choose a new password:\n${link}`,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
  });
  void deliver();
}

export async function resetPassword(ctx: AppContext, input: { token: string; password: string }, actor: Actor) {
  const now = ctx.clock();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const token = await consumePasswordResetToken(tx, sha256(input.token), now);
    if (!token) throw badRequest(MSG.resetTokenInvalid);
    const owner = await findAuthUser(tx, token.userId);
    await assertPasswordLength(
      { config: ctx.config, db: tx },
      owner?.user.schoolId ?? null,
      input.password,
      'password',
    );
    const user = await setResetPassword(tx, token.userId, passwordHash);
    await revokePasswordResetTokens(tx, token.userId, now);
    await revokeUserTokens(tx, token.userId, now);
    await recordAudit(
      tx,
      { ...actor, userId: actor.userId ?? token.userId },
      {
        action: 'password_reset',
        entity: 'user',
        entityId: token.userId,
        schoolId: user?.schoolId ?? null,
      },
    );
  });
}

/**
 * How stale a session's last-seen time may get before a request writes it again. Writing it on
 * every request would add a write to every request (the cash desk's payments among them); once a
 * minute means a session may be ended up to a minute before its idle sign-out, never after it.
 */
const SEEN_PRECISION_SECONDS = 60;

/**
 * The user of a session that still holds: the user active, the session neither signed out nor idle
 * for longer than the group's idle sign-out. This request counts as the session's activity.
 */
export async function liveSessionUser(ctx: AppContext, claims: { userId: string; familyId: string }) {
  const now = ctx.clock();
  const row = await findSessionUser(ctx.db, claims.userId, claims.familyId, now);
  const idleSeconds = row?.sessionIdleSeconds;
  if (row?.user.status !== 'active' || idleSeconds == null) throw unauthenticated();
  // A token issued before the idle sign-out was recorded has no limit until its next refresh.
  if (row.sessionIdleMinutes !== null && idleSeconds > row.sessionIdleMinutes * 60) {
    throw unauthenticated(MSG.sessionExpired, ERROR_CODES.sessionIdle);
  }
  if (idleSeconds >= SEEN_PRECISION_SECONDS) await touchSession(ctx.db, claims.familyId, now);
  return row;
}

/**
 * A person as they are now, for work done on their behalf with no sign-in behind it (a report the
 * job runner generates for them): their row while their account is active, else undefined.
 */
export async function activeUser(ctx: AppContext, userId: string): Promise<AuthUserRow | undefined> {
  const row = await findAuthUser(ctx.db, userId, null, ctx.clock());
  return row?.user.status === 'active' ? row : undefined;
}
