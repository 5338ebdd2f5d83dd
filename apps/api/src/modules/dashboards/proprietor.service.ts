import { type ProprietorDashboard, type TermFigures, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { currentTermOfSchools, moneyOverview, type TermPosition, termOverview } from './collections.queries.js';
import { dashboardMoney, methodShares, termFigures } from './collections.service.js';
import { dashboardIncomeExpenditure } from './income-expenditure.service.js';
import { schoolsOf } from './proprietor.queries.js';

const TREND_MONTHS = 12;
const DEBTORS = 10;
const NOTHING: TermPosition = { students: 0, owing: 0, expectedKobo: 0n, paidKobo: 0n, outstandingKobo: 0n };

/** 1 for the highest collection rate; schools without a rate (nothing expected) have no rank. */
function ranks(figures: TermFigures[]): (number | null)[] {
  const rated = figures
    .map((figure, index) => ({ rate: figure.collectionRate, index }))
    .filter((row): row is { rate: number; index: number } => row.rate !== null)
    .sort((a, b) => b.rate - a.rate || a.index - b.index);
  const result: (number | null)[] = figures.map(() => null);
  rated.forEach((row, position) => {
    result[row.index] = position + 1;
  });
  return result;
}

/**
 * The group at a glance (issue 14 item 3): each school's current term, ranked by collection rate;
 * the group's money by month and method over 12 months; the largest debtors across the group.
 */
export async function proprietorDashboard(ctx: AppContext, auth: AuthContext): Promise<ProprietorDashboard> {
  const db = ctx.readDb;
  const scope = auth.scope;
  const today = todayIn('Africa/Lagos', ctx.clock());
  const filter = { scope, today };
  const [schools, terms, { bySchool, debtors }, overview] = await Promise.all([
    schoolsOf(db, scope),
    currentTermOfSchools(db, scope, today),
    termOverview(db, filter, DEBTORS),
    moneyOverview(db, scope, today),
  ]);
  const money = dashboardMoney(overview, today, TREND_MONTHS);
  // Each school's own current term, added up across the group.
  const incomeExpenditure = await dashboardIncomeExpenditure(
    db,
    scope,
    today,
    terms.map((term) => term._id),
    money.byMonth,
  );
  const positions = schools.map((school) => bySchool.get(school.id) ?? NOTHING);
  const figures = positions.map(termFigures);
  const rankOf = ranks(figures);
  const total = positions.reduce<TermPosition>(
    (sum, position) => ({
      students: sum.students + position.students,
      owing: sum.owing + position.owing,
      expectedKobo: sum.expectedKobo + position.expectedKobo,
      paidKobo: sum.paidKobo + position.paidKobo,
      outstandingKobo: sum.outstandingKobo + position.outstandingKobo,
    }),
    NOTHING,
  );
  const nameOf = new Map(schools.map((school) => [school.id, school.name]));
  return {
    totals: {
      schools: schools.length,
      figures: termFigures(total),
      totalRevenue: money.ever.amountKobo,
      thisMonthRevenue: money.thisMonth.amountKobo,
    },
    schools: schools.map((school, index) => {
      const term = terms.find((candidate) => candidate.schoolId === school.id);
      return {
        schoolId: school.id,
        name: school.name,
        term: term ? { _id: term._id, name: term.name } : null,
        figures: figures[index]!,
        rank: rankOf[index]!,
      };
    }),
    revenueTrend: money.trend,
    paymentMethods: methodShares(money.byMethod),
    largestDebtors: debtors.map((debtor) => ({
      studentId: debtor.studentId,
      name: debtor.name,
      regNo: debtor.regNo,
      schoolId: debtor.schoolId,
      schoolName: nameOf.get(debtor.schoolId) ?? '',
      classArm: debtor.classArm,
      expected: debtor.expectedKobo,
      paid: debtor.paidKobo,
      outstanding: debtor.outstandingKobo,
    })),
    incomeExpenditure,
  };
}
