import { useClassArms } from '@/lib/queries/class-arms';

export interface ClassArmChecklistProps {
  schoolId: string;
  value: readonly string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
}

/** One checkbox per class arm of the school, named by the arm. */
export function ClassArmChecklist({ schoolId, value, onChange, error }: ClassArmChecklistProps) {
  const classArms = useClassArms(schoolId);
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));

  let body: React.ReactNode;
  if (!schoolId) body = <p className="text-sm text-slate-500">Select a school first.</p>;
  else if (classArms.isPending) body = <p className="text-sm text-slate-500">Loading class arms...</p>;
  else if (classArms.isError) body = <p className="text-sm text-red-600">Failed to load class arms</p>;
  else if (classArms.data.length === 0)
    body = <p className="text-sm text-slate-500">This school has no class arms yet.</p>;
  else
    body = (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {classArms.data.map((arm) => (
          <label
            key={arm._id}
            className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 has-checked:border-emerald-500 has-checked:bg-emerald-50 dark:border-slate-700 dark:text-slate-300 dark:has-checked:bg-emerald-500/10"
          >
            <input
              type="checkbox"
              className="size-4 accent-emerald-600"
              checked={value.includes(arm._id)}
              onChange={(event) => toggle(arm._id, event.target.checked)}
            />
            {arm.name}
          </label>
        ))}
      </div>
    );

  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'class-arms-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Choose class arms</legend>
      {body}
      {error && (
        <p id="class-arms-error" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
