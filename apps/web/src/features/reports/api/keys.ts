/** Query keys of the Reports screen; a new file or schedule invalidates its list. */
export const reportKeys = {
  all: ['reports'] as const,
  catalog: () => [...reportKeys.all, 'catalog'] as const,
  runs: () => [...reportKeys.all, 'runs'] as const,
  schedules: () => [...reportKeys.all, 'schedules'] as const,
  student: (id: string) => [...reportKeys.all, 'student', id] as const,
};
