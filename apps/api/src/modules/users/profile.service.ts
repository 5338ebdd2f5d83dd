import { MSG, type UpdateProfileRequest } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { fieldError, isUniqueViolation } from '../../lib/errors.js';
import { checkUserPassword, hashPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { findAuthUser, revokeUserTokens } from '../auth/auth.queries.js';
import { toSessionUser } from '../auth/session-user.js';
import { assertPasswordLength } from '../settings/settings.service.js';
import { emailTaken } from './users.errors.js';
import { emailInUse, updateUserRow } from './users.queries.js';

const profileFields = (user: AuthContext['row']['user']) => ({
  firstname: user.firstname,
  middlename: user.middlename,
  lastname: user.lastname,
  email: user.email,
  phone: user.phone,
  address: user.address,
});

export async function getProfile(ctx: AppContext, auth: AuthContext) {
  const row = await findAuthUser(ctx.db, auth.userId);
  return toSessionUser(row!);
}

export async function updateProfile(ctx: AppContext, auth: AuthContext, input: UpdateProfileRequest, actor: Actor) {
  const changes = {
    firstname: input.firstname,
    middlename: input.middlename || null,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone || null,
    address: input.address || null,
  };
  try {
    await ctx.db.transaction(async (tx) => {
      if (await emailInUse(tx, changes.email, auth.userId)) throw emailTaken();
      await updateUserRow(tx, auth.userId, changes);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'user_profile',
        entityId: auth.userId,
        schoolId: auth.schoolId,
        before: profileFields(auth.row.user),
        after: changes,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getProfile(ctx, auth);
}

/** A new password signs out every other device; the current sign-in stays. */
export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
) {
  if (!(await checkUserPassword(auth.row.user, input.currentPassword))) {
    throw fieldError('currentPassword', MSG.currentPasswordWrong);
  }
  await assertPasswordLength(ctx, auth.schoolId, input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUserRow(tx, auth.userId, { passwordHash, mustChangePassword: false });
    await revokeUserTokens(tx, auth.userId, ctx.clock(), auth.familyId);
    await recordAudit(tx, actor, {
      action: 'password_changed',
      entity: 'user',
      entityId: auth.userId,
      schoolId: auth.schoolId,
    });
  });
}

export async function setProfilePicture(ctx: AppContext, auth: AuthContext, url: string, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    await updateUserRow(tx, auth.userId, { profilePicture: url });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'user_profile_picture',
      entityId: auth.userId,
      schoolId: auth.schoolId,
      before: { profilePicture: auth.row.user.profilePicture },
      after: { profilePicture: url },
    });
  });
}
