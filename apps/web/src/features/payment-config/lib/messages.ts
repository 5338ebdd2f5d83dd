/** SPEC §6 and §8 texts of Payment Configuration. */
export const PAYMENT_CONFIG_MESSAGES = {
  created: 'Payment configuration created successfully!',
  updated: 'Payment configuration updated successfully!',
  saveFailed: 'Failed to save payment configuration',
  loadFailed: 'Failed to load payment profile',
  schoolsFailed: 'Failed to load schools',
  selectSchool: 'Please select a school',
  noSchool: 'No School Associated',
  keysRequired: 'API keys are required',
  analyticsFailed: 'Failed to load payment analytics',
  testFailed: 'Connection test failed',
  discardTitle: 'Discard unsaved changes?',
  discardText: 'The changes you made to this school’s payment configuration have not been saved.',
} as const;
