/** SPEC §5 and §8 texts of User Management that the domain package does not carry. */
export const LOAD_USERS_FAILED = 'Failed to load users';
export const BULK_ACTION_FAILED = 'Failed to perform bulk action';
export const SELECT_USERS_FIRST = 'Please select users first';
/** What a principal or head teacher reads on the directory they may look up but not change. */
export const READ_ONLY_DIRECTORY =
  'Everyone at your school, to look up. Accounts are created and changed by the school’s administrators and the proprietor.';
