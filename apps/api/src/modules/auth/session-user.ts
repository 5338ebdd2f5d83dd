import type { Role, SessionUser } from '@schoolledger/domain';
import type { AuthUserRow } from './auth.queries.js';

export function toSessionUser(row: Pick<AuthUserRow, 'user' | 'school'>): SessionUser {
  const { user, school } = row;
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
    school: school ? { _id: school.id, name: school.name, groupSchool: school.groupSchoolId } : null,
    status: user.status,
    isActive: user.status === 'active',
    mustChangePassword: user.mustChangePassword,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
