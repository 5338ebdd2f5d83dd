/** Query keys of the results screens; every change invalidates the whole family. */
export const resultKeys = {
  all: ['results'] as const,
  list: (query: { termId: string; page: number }) => [...resultKeys.all, 'list', query] as const,
};

/** What a change to results alters: the lists here, and every dashboard that shows academic figures. */
export const resultChangeKeys = [resultKeys.all, ['dashboard']] as const;
