import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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
function positiveInteger(raw: string): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

function read<T extends FilterValues<T>>(params: URLSearchParams, defaults: T, parse: UrlFilterOptions<T>['parse']) {
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parser = parse?.[key];
    const value = parser ? parser(raw) : typeof defaults[key] === 'number' ? positiveInteger(raw) : raw;
    if (value !== undefined) filters[key] = value as T[typeof key];
  }
  return filters;
}

/**
 * List filters kept in the address, so a reload or a shared link shows the same list. Only values
 * other than the defaults are written, and changing a filter goes back to the first page. The
 * defaults and options are read on every render: pass constants, so `update` stays the same.
 */
export function useUrlFilters<T extends FilterValues<T>>(defaults: T, options: UrlFilterOptions<T> = {}) {
  const { parse, keepPage, dependents } = options;
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<T>, { replace = true }: { replace?: boolean } = {}) =>
      // The updater form reads the latest address: a debounced search calls this late.
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const written = (key: keyof T & string) => String(changes[key] ?? defaults[key]);
          // A late search that repeats the address must not undo a page chosen meanwhile.
          const keys = (Object.keys(changes) as (keyof T & string)[]).filter(
            (key) => written(key) !== (previous.get(key) ?? String(defaults[key])),
          );
          if (keys.some((key) => key !== 'page' && !keepPage?.includes(key))) next.delete('page');
          for (const dependent of keys.flatMap((key) => dependents?.[key] ?? [])) {
            if (!(dependent in changes)) next.delete(String(dependent));
          }
          for (const key of keys) {
            if (written(key) === String(defaults[key])) next.delete(key);
            else next.set(key, written(key));
          }
          return next;
        },
        { replace },
      ),
    [setParams, defaults, keepPage, dependents],
  );
  return { filters: read(params, defaults, parse), update };
}
