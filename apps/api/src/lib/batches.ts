/**
 * Rows per statement when a list can grow large: PostgreSQL takes at most 65,535 parameters in
 * one statement, which a reminder run's thousands of rows of ten or more columns would pass.
 */
export const ROWS_PER_STATEMENT = 1000;

export function inBatches<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
