import { createParser, useQueryStates } from 'nuqs';
import { useCallback, useMemo } from 'react';

type FilterValues<T> = { [K in keyof T]: string | number };

export interface UrlFilterOptions<T extends FilterValues<T>> {
  /** Reads a value from the address; undefined, for a malformed one, falls back to the default. */
  parse?: { [K in keyof T]?: (raw: string) => T[K] | undefined };
  /** Keys whose change keeps the page, such as a tab that shows another list. */
  keepPage?: readonly (keyof T)[];
  /** Keys cleared when another one changes: a term belongs to its school. */
  dependents?: { [K in keyof T]?: readonly (keyof T)[] };
}

// Numbers in the address are counts such as the page.
function positiveInteger(raw: string): number | null {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : null;
}

const filterParser = (parse: (raw: string) => string | number | null, fallback: string | number) =>
  createParser<string | number>({ parse, serialize: String }).withDefault(fallback);

function parsersFor<T extends FilterValues<T>>(defaults: T, parse: UrlFilterOptions<T>['parse']) {
  // The list's page belongs to every filter set on a screen: any filter that changes it is reset.
  const parsers: Record<string, ReturnType<typeof filterParser>> = { page: filterParser(positiveInteger, 1) };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const custom = parse?.[key];
    const fallback = defaults[key];
    const read = custom
      ? (raw: string) => custom(raw) ?? null
      : typeof fallback === 'number'
        ? positiveInteger
        : (raw: string) => raw;
    parsers[key] = filterParser(read, fallback);
  }
  return parsers;
}

/**
 * List filters kept in the address (nuqs), so a reload or a shared link shows the same list. Only
 * values other than the defaults are written, and changing a filter goes back to the first page.
 * The defaults and options are read on every render: pass constants, so `update` stays the same.
 */
export function useUrlFilters<T extends FilterValues<T>>(defaults: T, options: UrlFilterOptions<T> = {}) {
  const { parse, keepPage, dependents } = options;
  const parsers = useMemo(() => parsersFor(defaults, parse), [defaults, parse]);
  // Not shallow: the router's own location (and any `useSearchParams`) sees every change.
  const [values, setValues] = useQueryStates(parsers, { shallow: false });
  const update = useCallback(
    (changes: Partial<T>, { replace = true }: { replace?: boolean } = {}) =>
      // The updater reads the latest values: a debounced search calls this late.
      setValues(
        (current) => {
          // A late search that repeats the address must not undo a page chosen meanwhile.
          const keys = (Object.keys(changes) as (keyof T & string)[]).filter(
            (key) => (changes[key] ?? defaults[key]) !== current[key],
          );
          const next: Record<string, string | number | null> = {};
          if (keys.some((key) => key !== 'page' && !keepPage?.includes(key))) next.page = null;
          for (const dependent of keys.flatMap((key) => dependents?.[key] ?? [])) {
            if (!(dependent in changes)) next[String(dependent)] = null;
          }
          for (const key of keys) next[key] = changes[key] ?? defaults[key];
          return next;
        },
        { history: replace ? 'replace' : 'push' },
      ),
    [setValues, defaults, keepPage, dependents],
  );
  const filters = useMemo(
    () => Object.fromEntries(Object.keys(defaults).map((key) => [key, values[key]])) as T,
    [defaults, values],
  );
  return { filters, update };
}
