import { and, eq, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginAttempts, parentStudents, passwordResetTokens, refreshTokens, schools, users } from '../../db/schema.js';

/**
 * The account that signs in with this email. A deleted account is nobody's: its email may since
 * belong to a new account, and the condition lets the unique index on the email find the row.
 */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return user;
}

/** The failed-attempt counter, the lock and the last sign-in, as a sign-in attempt leaves them. */
export async function updateSignInState(
  db: DbOrTx,
  userId: string,
  state: Partial<Pick<typeof users.$inferInsert, 'failedLoginCount' | 'lockedUntil' | 'lastLogin'>>,
) {
  await db.update(users).set(state).where(eq(users.id, userId));
}

/** A new password through a reset link, which also lifts any lock; returns the user's school. */
export async function setResetPassword(tx: DbOrTx, userId: string, passwordHash: string) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, mustChangePassword: false })
    .where(eq(users.id, userId))
    .returning({ id: users.id, schoolId: users.schoolId });
  return user;
}

type Param<T> = T | Placeholder;

function authUserQuery(db: DbOrTx, userId: Param<string>, familyId: Param<string | null>, now: Param<string>) {
  // The sign-in's newest token, the one a refresh would present; none once it is signed out or expired.
  const session = db
    .select({
      idleSeconds: sql<number>`extract(epoch from ${now}::timestamptz - ${refreshTokens.lastSeenAt})::float8`
        .mapWith(Number)
        .as('idle_seconds'),
      idleMinutes: refreshTokens.idleMinutes,
    })
    .from(refreshTokens)
    .where(
      sql`${refreshTokens.familyId} = ${familyId} and ${refreshTokens.usedAt} is null
        and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${now}::timestamptz`,
    )
    .as('session');
  return db
    .select({
      user: users,
      school: { id: schools.id, name: schools.name, groupSchoolId: schools.groupSchoolId },
      groupSchoolIds: sql<string[] | null>`(
        select array_agg(gs.id) from ${schools} gs where gs.group_school_id = ${schools.groupSchoolId}
      )`,
      childSchoolIds: sql<string[] | null>`(
        select array_agg(distinct c.school_id) from ${parentStudents} ps
        join ${users} c on c.id = ps.student_id
        where ps.parent_id = ${users.id} and c.deleted_at is null and c.school_id is not null
      )`,
      sessionIdleSeconds: session.idleSeconds,
      sessionIdleMinutes: session.idleMinutes,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(session, sql`true`)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/**
 * The signed-in user with their school's group, the group's schools (for proprietors) and, for the
 * sign-in behind the access token, how long it has been idle and the idle sign-out it was issued
 * with (seconds null: it was signed out or expired), in one round trip per request.
 */
export async function findAuthUser(db: DbOrTx, userId: string, familyId: string | null = null, now = new Date()) {
  const [row] = await authUserQuery(db, userId, familyId, now.toISOString());
  return row;
}

const sessionUserStatements = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

const prepareSessionUser = (db: Db) =>
  authUserQuery(db, sql.placeholder('userId'), sql.placeholder('familyId'), sql.placeholder('now')).prepare(
    'session_user',
  );

/**
 * `findAuthUser` for the authentication of every request, outside any transaction: a prepared
 * statement, so neither the app nor the database builds and plans it again for each request.
 */
export async function findSessionUser(db: Db, userId: string, familyId: string | null, now: Date) {
  let statement = sessionUserStatements.get(db);
  if (!statement) {
    statement = prepareSessionUser(db);
    sessionUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, familyId, now: now.toISOString() });
  return row;
}

export type AuthUserRow = NonNullable<Awaited<ReturnType<typeof findAuthUser>>>;

export async function recordLoginAttempt(
  db: DbOrTx,
  attempt: {
    email: string;
    userId: string | null;
    schoolId: string | null;
    success: boolean;
    reason: string | null;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(loginAttempts).values(attempt);
}

export async function insertRefreshToken(
  db: DbOrTx,
  token: {
    userId: string;
    familyId: string;
    tokenHash: string;
    rememberMe: boolean;
    createdAt: Date;
    expiresAt: Date;
    idleMinutes: number;
  },
) {
  // Issued on a sign-in or a refresh, both requests of the session: it was last seen now.
  await db.insert(refreshTokens).values({ ...token, lastSeenAt: token.createdAt });
}

/** Records a request of the sign-in on its newest token, the one its idleness is read from. */
export async function touchSession(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ lastSeenAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)));
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [token] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return token;
}

/** Marks a token used; false when another request used it first. */
export async function claimRefreshToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

/** Returns the owner of the tokens it revoked, or undefined when none was still valid. */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  const [revoked] = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  return revoked?.userId;
}

export async function revokeUserTokens(db: DbOrTx, userId: string, now: Date, exceptFamilyId?: string) {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(sql`${refreshTokens.familyId} <> ${exceptFamilyId}`);
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

export async function insertPasswordResetToken(
  db: DbOrTx,
  token: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(token);
}

/** Kills the user's unused reset links: an older one, perhaps read by someone else, must not undo a reset. */
export async function revokePasswordResetTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Uses a reset token once; returns its user when it was valid. */
export async function consumePasswordResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [token] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return token;
}
