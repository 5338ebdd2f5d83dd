/** What the forecast's toasts and failures say. */
export const FORECAST_MESSAGES = {
  loadFailed: 'The forecast could not be loaded',
  commitmentsFailed: 'The monthly commitments could not be loaded',
  added: 'Commitment added',
  addFailed: 'The commitment could not be added',
  removed: 'Commitment removed',
  removeFailed: 'The commitment could not be removed',
  debtorsFailed: 'The largest debtors could not be loaded',
  reminded: 'Reminder sent to the family',
  remindFailed: 'The reminder could not be sent',
};
