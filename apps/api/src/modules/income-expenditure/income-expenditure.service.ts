import { EXPENSE_CATEGORIES, type ExpenseCategory, FEE_TYPES } from '@schoolledger/domain';
import type { ReadDb } from '../../db/client.js';
import {
  committedBySchool,
  expenditureByCategory,
  incomeByType,
  type Period,
  schoolsIn,
} from './income-expenditure.queries.js';

export type FeeType = (typeof FEE_TYPES)[number];

export interface SchoolFigures {
  id: string;
  name: string;
  income: Map<FeeType, bigint>;
  expenditure: Map<ExpenseCategory, bigint>;
  committed: bigint;
}

export interface Statement {
  /** Every school of the period, by name, with or without figures. */
  schools: SchoolFigures[];
  /** The schools added up. */
  income: Map<FeeType, bigint>;
  expenditure: Map<ExpenseCategory, bigint>;
  committed: bigint;
}

export const totalOf = (amounts: Map<string, bigint>) => [...amounts.values()].reduce((sum, value) => sum + value, 0n);

function add<K>(amounts: Map<K, bigint>, key: K, amount: bigint) {
  amounts.set(key, (amounts.get(key) ?? 0n) + amount);
}

/** Income by fee type, expenditure by category and what is committed, per school and added up. */
export async function statementOf(db: ReadDb, period: Period): Promise<Statement> {
  const [schools, income, spent, committed] = await Promise.all([
    schoolsIn(db, period),
    incomeByType(db, period),
    expenditureByCategory(db, period),
    committedBySchool(db, period),
  ]);
  const bySchool = new Map<string, SchoolFigures>(
    schools.map((school) => [school.id, { ...school, income: new Map(), expenditure: new Map(), committed: 0n }]),
  );
  const statement: Statement = { schools: [], income: new Map(), expenditure: new Map(), committed: 0n };
  for (const row of income) {
    const amount = BigInt(row.amount);
    const school = bySchool.get(row.schoolId);
    if (school) add(school.income, row.type, amount);
    add(statement.income, row.type, amount);
  }
  for (const row of spent) {
    const amount = BigInt(row.amount);
    const school = bySchool.get(row.schoolId);
    if (school) add(school.expenditure, row.category, amount);
    add(statement.expenditure, row.category, amount);
  }
  for (const row of committed) {
    const amount = BigInt(row.amount);
    const school = bySchool.get(row.schoolId);
    if (school) school.committed += amount;
    statement.committed += amount;
  }
  statement.schools = [...bySchool.values()];
  return statement;
}

/** The fee types and categories of either statement, in the domain's order. */
export function linesOf(current: Statement, previous: Statement | null) {
  const has = (key: string, pick: (statement: Statement) => Map<string, bigint>) =>
    [current, previous].some((statement) => statement && (pick(statement).get(key) ?? 0n) !== 0n);
  return {
    feeTypes: FEE_TYPES.filter((type) => has(type, (statement) => statement.income)),
    categories: EXPENSE_CATEGORIES.filter((category) => has(category, (statement) => statement.expenditure)),
  };
}
