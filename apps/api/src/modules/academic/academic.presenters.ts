import { type AcademicSession, type ClassArm, isCurrentPeriod, type Term } from '@schoolledger/domain';
import type { academicSessions } from '../../db/schema.js';
import type { ClassArmRow, TermRow } from './academic.queries.js';

export function toSession(row: typeof academicSessions.$inferSelect, today: string): AcademicSession {
  return {
    _id: row.id,
    name: row.name,
    school: row.schoolId,
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: row.isActive,
    isCurrent: isCurrentPeriod(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTerm(row: TermRow, today: string): Term {
  return {
    _id: row.term.id,
    name: row.term.name,
    session: { _id: row.session.id, name: row.session.name, school: row.term.schoolId },
    startDate: row.term.startDate,
    endDate: row.term.endDate,
    isActive: row.term.isActive,
    isCurrent: isCurrentPeriod(row.term, today),
    createdAt: row.term.createdAt.toISOString(),
    updatedAt: row.term.updatedAt.toISOString(),
  };
}

export function toClassArm(row: ClassArmRow): ClassArm {
  return {
    _id: row.id,
    name: row.name,
    school: row.schoolId,
    capacity: row.capacity,
    currentStudentCount: Number(row.currentStudentCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
