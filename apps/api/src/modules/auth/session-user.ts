import type { Role, SessionUser, User } from '@schoolledger/domain';
import type { users } from '../../db/schema.js';
import type { AuthUserRow } from './auth.queries.js';

/** What the signed-in user and the user lists say alike about an account; each adds its own school and extras. */
export function toUserBase(user: typeof users.$inferSelect): Omit<User, 'school' | 'regNo' | 'classArm'> {
  return {
    _id: user.id,
    firstname: user.firstname,
    middlename: user.middlename,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    address: user.address,
    profile: { profilePicture: user.profilePicture },
    roles: user.roles as Role[],
    status: user.status,
    isActive: user.status === 'active',
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function toSessionUser(row: Pick<AuthUserRow, 'user' | 'school'>): SessionUser {
  const { user, school } = row;
  return {
    ...toUserBase(user),
    school: school ? { _id: school.id, name: school.name, groupSchool: school.groupSchoolId } : null,
    mustChangePassword: user.mustChangePassword,
  };
}
