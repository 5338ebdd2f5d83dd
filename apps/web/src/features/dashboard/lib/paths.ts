/** The fee payment page opened on one child (the page reads ?child=). */
export const payFeesPath = (childId: string) => `/student/fees?child=${encodeURIComponent(childId)}`;

/** A parent's report on one child (a page below /dashboard, in the dashboard's chunk). */
export const childReportPath = (childId: string) => `/parent/child/${encodeURIComponent(childId)}`;
