/** The Reports screen's failure texts, shown when the server sends no message of its own. */
export const REPORT_TEXT = {
  fetchFailed: 'Failed to fetch reports',
  filesFailed: 'Failed to fetch generated files',
  schedulesFailed: 'Failed to fetch schedules',
  scheduleFailed: 'Failed to save the schedule',
  deleteScheduleFailed: 'Failed to delete the schedule',
} as const;
