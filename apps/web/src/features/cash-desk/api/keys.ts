/** Query keys of the cash desk; `all` is the prefix a recorded payment refreshes. */
export const cashDeskKeys = {
  all: ['cashDesk'] as const,
  fees: (studentId: string) => [...cashDeskKeys.all, 'fees', studentId] as const,
  siblings: (studentId: string) => [...cashDeskKeys.all, 'siblings', studentId] as const,
  /** Family credit paybacks waiting for a second person. */
  paybacks: () => [...cashDeskKeys.all, 'paybacks'] as const,
  /** What the whole school owes, kept on the device for working offline. */
  owedFees: () => [...cashDeskKeys.all, 'owedFees'] as const,
};
