import {
  type DashboardActivity,
  type PrincipalDashboard,
  ROLES,
  type Role,
  type StaffManagement,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { systemActivities } from './admin.service.js';
import { collectedEver, currentTermOfSchools, termPosition, termPositionByClassArm } from './collections.queries.js';
import { termFigures } from './collections.service.js';
import { classArmsWithEnrolment, listStaff, pendingFees, peopleByRole, staffTotals } from './principal.queries.js';

const PENDING_SHOWN = 5;
const ACTIVITIES_SHOWN = 5;
const STAFF_LISTED = 200;
const STAFF_ROLES = ROLES.filter((role) => role !== 'Student' && role !== 'Parent');

/** The last few entries of the school's audit trail, worded as the admin's activity list words them. */
async function recentActivities(ctx: AppContext, auth: AuthContext): Promise<DashboardActivity[]> {
  const activities = await systemActivities(ctx, auth, ACTIVITIES_SHOWN);
  return activities.map(({ id, module: _module, ...activity }) => ({ _id: id, ...activity }));
}

/**
 * The principal's school (issue 14 item 4). SchoolLedger has no Teacher role, so the teacher
 * count is null ("not recorded") and the staff are counted by the roles they do hold.
 */
export async function principalDashboard(ctx: AppContext, auth: AuthContext): Promise<PrincipalDashboard> {
  const db = ctx.readDb;
  const scope = auth.scope;
  const today = todayIn('Africa/Lagos', ctx.clock());
  const filter = { scope, today };
  const [byRole, staff, terms, position, ever, pending, arms, byArm, activities] = await Promise.all([
    peopleByRole(db, scope),
    staffTotals(db, scope),
    currentTermOfSchools(db, scope, today),
    termPosition(db, filter),
    collectedEver(db, scope),
    pendingFees(db, scope, PENDING_SHOWN),
    classArmsWithEnrolment(db, scope),
    termPositionByClassArm(db, filter),
    recentActivities(ctx, auth),
  ]);
  const figures = termFigures(position);
  const activeOf = (role: Role) => byRole.find((row) => row.role === role)?.active ?? 0;
  const term = terms.length === 1 ? terms[0]! : null;
  const collectionByClassArm: PrincipalDashboard['collectionByClassArm'] = arms.map((arm) => ({
    classArmId: arm.id,
    name: arm.name,
    capacity: arm.capacity,
    enrolled: arm.enrolled,
    figures: termFigures(
      byArm.get(arm.id) ?? { students: 0, owing: 0, expectedKobo: 0n, paidKobo: 0n, outstandingKobo: 0n },
    ),
  }));
  const unassigned = byArm.get(null);
  if (unassigned) {
    collectionByClassArm.push({
      classArmId: null,
      name: 'No class arm',
      capacity: null,
      enrolled: unassigned.students,
      figures: termFigures(unassigned),
    });
  }
  return {
    statistics: {
      totalStudents: activeOf('Student'),
      totalTeachers: null,
      totalStaff: staff.active,
      staffByRole: STAFF_ROLES.map((role) => ({ role, count: activeOf(role) })).filter((row) => row.count > 0),
    },
    financial: {
      collectionRate: figures.collectionRate,
      totalRevenue: ever.amountKobo,
      outstandingFees: figures.outstanding,
    },
    schoolId: scope.kind === 'school' ? scope.schoolId : null,
    term: term
      ? { _id: term._id, name: term.name, session: term.session, startDate: term.startDate, endDate: term.endDate }
      : null,
    termFigures: figures,
    pendingApprovals: {
      count: pending.count,
      fees: pending.fees.map((fee) => ({
        _id: fee.id,
        name: fee.name,
        amount: fee.amountKobo,
        term: fee.term,
        createdAt: fee.createdAt.toISOString(),
      })),
    },
    collectionByClassArm,
    recentActivities: activities,
  };
}

/** The school's staff by role and status, with when each last signed in. */
export async function staffManagement(ctx: AppContext, auth: AuthContext): Promise<StaffManagement> {
  const [byRole, totals, staff] = await Promise.all([
    peopleByRole(ctx.readDb, auth.scope),
    staffTotals(ctx.readDb, auth.scope),
    listStaff(ctx.readDb, auth.scope, STAFF_LISTED),
  ]);
  return {
    totals: { total: totals.active + totals.inactive, active: totals.active, inactive: totals.inactive },
    byRole: STAFF_ROLES.map((role) => {
      const row = byRole.find((candidate) => candidate.role === role);
      return { role, active: row?.active ?? 0, inactive: row?.inactive ?? 0 };
    }),
    staff: staff.map((member) => ({
      _id: member.id,
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      roles: member.roles as Role[],
      status: member.status,
      lastLogin: member.lastLogin?.toISOString() ?? null,
    })),
  };
}
