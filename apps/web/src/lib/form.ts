import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field errors (422) under the matching inputs; returns whether any matched.
 * `renamed` names the input of a request field the form calls otherwise.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  renamed: ReadonlyMap<string, Path<T>> = new Map(),
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const { field, message } of error.errors) {
    const name = renamed.get(field) ?? fields.find((candidate) => candidate === field);
    if (!name) continue;
    setError(name, { type: 'server', message });
    matched = true;
  }
  return matched;
}
