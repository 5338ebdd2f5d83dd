import { ROLE_BADGES, ROLE_DESCRIPTIONS, ROLES, type Role } from '@schoolledger/domain';
import { useId } from 'react';

export interface RoleCheckboxesProps {
  value: readonly Role[];
  onChange(roles: Role[]): void;
  /** The roles the signed-in user may grant. */
  options: readonly Role[];
  error?: string | undefined;
}

/**
 * One checkbox per grantable role. Roles the user already holds but the editor may not change
 * (beyond the editor's permissions, Student, or any role on the editor's own account) stay ticked
 * and locked, so saving never drops them. The order of
 * `value` is kept because the first role picks the user's dashboard.
 */
export function RoleCheckboxes({ value, onChange, options, error }: RoleCheckboxesProps) {
  const id = useId();
  const shown = ROLES.filter((role) => options.includes(role) || value.includes(role));
  const toggle = (role: Role, checked: boolean) =>
    onChange(checked ? [...value, role] : value.filter((held) => held !== role));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        Roles
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {shown.map((role) => {
          const locked = !options.includes(role);
          const inputId = `${id}-${role}`;
          return (
            <div
              key={role}
              className="relative flex gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-checked:border-emerald-500 has-checked:bg-emerald-50/60 dark:border-slate-700 dark:has-checked:bg-emerald-500/10"
            >
              <input
                id={inputId}
                type="checkbox"
                checked={value.includes(role)}
                disabled={locked}
                onChange={(event) => toggle(role, event.target.checked)}
                aria-describedby={`${inputId}-description`}
                className="relative z-10 mt-0.5 size-4 shrink-0 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
              />
              <div className="min-w-0">
                {/* The label stretches over the whole card, so a tap anywhere toggles the role. */}
                <label
                  htmlFor={inputId}
                  className="block cursor-pointer text-sm font-medium text-slate-800 after:absolute after:inset-0 after:rounded-lg dark:text-slate-200"
                >
                  {ROLE_BADGES[role]}
                </label>
                <p id={`${inputId}-description`} className="text-xs text-slate-500 dark:text-slate-400">
                  {locked ? 'Kept: you cannot change this role' : ROLE_DESCRIPTIONS[role]}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
