import { ROLES, USER_EXPORT_COLUMNS, type User, type UserStats } from '@schoolledger/domain';
import type { users } from '../../db/schema.js';
import { csvText } from '../../lib/tabular/index.js';
import { toUserBase } from '../auth/session-user.js';
import type { UserRow, userStats } from './users.queries.js';

export function toUser(row: UserRow): User {
  const { user, school, classArm } = row;
  return {
    ...toUserBase(user),
    school: school ? { _id: school.id, name: school.name } : null,
    regNo: user.regNo,
    classArm: classArm ? { _id: classArm.id, name: classArm.name } : null,
  };
}

/** What an audit row keeps of a user: never the password hash nor the sign-in bookkeeping. */
export function toAuditedUser(user: typeof users.$inferSelect) {
  return {
    schoolId: user.schoolId,
    classArmId: user.classArmId,
    firstname: user.firstname,
    middlename: user.middlename,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    address: user.address,
    regNo: user.regNo,
    roles: user.roles,
    status: user.status,
    deletedAt: user.deletedAt,
  };
}

export function toUserStats(row: Awaited<ReturnType<typeof userStats>>): UserStats {
  return {
    totalUsers: row.total,
    activeUsers: row.active,
    inactiveUsers: row.total - row.active,
    recentRegistrations: row.recent,
    byRole: ROLES.map((role) => ({ role, count: row[role] })),
  };
}

/** users.csv with the columns of SPEC §9. */
export function toUsersCsv(rows: UserRow[]): string {
  return csvText([
    [...USER_EXPORT_COLUMNS],
    ...rows.map(({ user }) => [
      user.id,
      user.firstname,
      user.lastname,
      user.email,
      user.roles.join('; '),
      user.status,
      user.lastLogin?.toISOString() ?? 'Never',
      user.createdAt.toISOString(),
    ]),
  ]);
}
