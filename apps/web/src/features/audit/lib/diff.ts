/** One key of an entry's before/after, and whether the entry changed it. */
export interface DiffRow {
  key: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the detail prints it: text as is, anything else as compact JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The union of the keys of before and after, in the order they were written (before's first),
 * each with both values and whether it changed. Values that are not objects compare as one row.
 */
export function diffOf(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    const left = before === null || before === undefined ? undefined : shown(before);
    const right = after === null || after === undefined ? undefined : shown(after);
    return [{ key: 'value', before: left, after: right, changed: left !== right }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.map((key) => {
    const was = key in left ? shown(left[key]) : undefined;
    const is = key in right ? shown(right[key]) : undefined;
    return { key, before: was, after: is, changed: was !== is };
  });
}
