import type { MessageListQuery } from './get-messages';

/** Query keys of the Messages screen; `all` is the prefix a save refreshes. */
export const messagingKeys = {
  all: ['messaging'] as const,
  settings: (schoolId: string) => [...messagingKeys.all, 'settings', schoolId] as const,
  account: (groupSchoolId: string) => [...messagingKeys.all, 'account', groupSchoolId] as const,
  summary: (schoolId: string) => [...messagingKeys.all, 'summary', schoolId] as const,
  messages: (query: MessageListQuery) => [...messagingKeys.all, 'messages', query] as const,
};
