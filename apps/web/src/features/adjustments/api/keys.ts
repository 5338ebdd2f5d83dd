import type { AdjustmentListQuery } from './get-adjustments';

/**
 * Query keys of Fee Adjustments. An adjustment, a rule or a late-fee policy changes what a student
 * owes, so every mutation refreshes everything under `all`.
 */
export const adjustmentKeys = {
  all: ['adjustments'] as const,
  list: (query: AdjustmentListQuery) => [...adjustmentKeys.all, 'list', query] as const,
  studentFees: (studentId: string) => [...adjustmentKeys.all, 'studentFees', studentId] as const,
  rules: () => [...adjustmentKeys.all, 'rules'] as const,
  lateFees: (schoolId: string) => [...adjustmentKeys.all, 'lateFees', schoolId] as const,
  schoolFees: (schoolId: string) => [...adjustmentKeys.all, 'schoolFees', schoolId] as const,
};
