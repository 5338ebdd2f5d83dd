export const FETCH_FEES_FAILED = 'Failed to fetch outstanding fees';
