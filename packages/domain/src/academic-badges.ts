import type { CalendarDate } from './calendar.js';

// Calendar dates are 'YYYY-MM-DD', so comparing the strings orders them.

export function isCurrentPeriod(period: { startDate: CalendarDate; endDate: CalendarDate }, today: CalendarDate) {
  return period.startDate <= today && today <= period.endDate;
}

export type TermBadge = 'Active' | 'Upcoming' | 'Completed' | 'Inactive';

/** Active if flagged active and today within dates; Upcoming before start; Completed after end. */
export function termBadge(
  term: { startDate: CalendarDate; endDate: CalendarDate; isActive: boolean },
  today: CalendarDate,
): TermBadge {
  if (term.isActive && isCurrentPeriod(term, today)) return 'Active';
  if (today < term.startDate) return 'Upcoming';
  if (today > term.endDate) return 'Completed';
  return 'Inactive';
}

export function sessionBadge(session: { isActive: boolean }): 'Active' | 'Inactive' {
  return session.isActive ? 'Active' : 'Inactive';
}

export type FillBadge = 'Full' | 'Nearly Full' | 'Available';

/** Full at 90% of capacity or more, Nearly Full at 75% or more, else Available. */
export function classArmFill(currentStudents: number, capacity: number): FillBadge {
  if (capacity <= 0) return 'Available';
  const ratio = currentStudents / capacity;
  if (ratio >= 0.9) return 'Full';
  if (ratio >= 0.75) return 'Nearly Full';
  return 'Available';
}
