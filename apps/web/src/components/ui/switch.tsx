import { clsx } from 'clsx';

export interface SwitchProps {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  /** Its name when no visible label points at it. */
  label?: string;
  /** For a visible `<label htmlFor>` that names it. */
  id?: string;
  describedBy?: string;
}

/** An on/off switch; the state is read out as on or off. */
export function Switch({ checked, disabled = false, onChange, label, id, describedBy }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-emerald-600' : 'bg-slate-300 dark:bg-slate-700',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
