import { type TermResult, termResultInputSchema } from '@schoolledger/domain';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, FormDialog, FormField, Input, Textarea } from '@/components/ui';
import { useUpdateResult } from '../api/update-result';

const FIGURES = [
  ['average', 'Average'],
  ['position', 'Position'],
  ['classSize', 'Class Size'],
  ['daysPresent', 'Days Present'],
  ['totalDays', 'Total Days'],
  ['lateDays', 'Late Days'],
] as const;
type Figure = (typeof FIGURES)[number][0];

const text = (value: number | null) => (value === null ? '' : String(value));
/** An empty box is "not recorded"; anything else goes to the schema, which says what is wrong. */
const number = (value: string) => (value.trim() === '' ? null : Number(value));

interface SubjectRow {
  key: number;
  name: string;
  score: string;
  grade: string;
}

/** Corrects one student's imported figures for the term. */
export function EditResultDialog({ result, onClose }: { result: TermResult; onClose(): void }) {
  const update = useUpdateResult();
  const [figures, setFigures] = useState<Record<Figure, string>>(() => ({
    average: text(result.average),
    position: text(result.position),
    classSize: text(result.classSize),
    daysPresent: text(result.daysPresent),
    totalDays: text(result.totalDays),
    lateDays: text(result.lateDays),
  }));
  const [remark, setRemark] = useState(result.remark ?? '');
  const [subjects, setSubjects] = useState<SubjectRow[]>(() =>
    result.subjects.map((subject, key) => ({
      key,
      name: subject.name,
      score: text(subject.score),
      grade: subject.grade ?? '',
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = termResultInputSchema.safeParse({
      ...Object.fromEntries(FIGURES.map(([key]) => [key, number(figures[key])])),
      remark: remark || null,
      subjects: subjects
        .filter((row) => row.name.trim() || row.score.trim() || row.grade.trim())
        .map((row) => ({ name: row.name, score: number(row.score), grade: row.grade.trim() || null })),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    update.mutate({ id: result._id, input: parsed.data }, { onSuccess: onClose });
  }

  const subjectError = Object.entries(errors).find(([path]) => path.startsWith('subjects'))?.[1];

  return (
    <FormDialog
      title={`Edit result: ${result.student.name}`}
      description={`${result.term.name}${result.student.regNo ? ` · ${result.student.regNo}` : ''}. Leave a box empty where the school recorded nothing.`}
      submitLabel="Save"
      busyLabel="Saving..."
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {FIGURES.map(([key, label]) => (
          <FormField key={key} label={label} error={errors[key]}>
            <Input
              inputMode="decimal"
              value={figures[key]}
              onChange={(event) => setFigures((current) => ({ ...current, [key]: event.target.value }))}
            />
          </FormField>
        ))}
      </div>
      <FormField label="Remark" error={errors.remark}>
        <Textarea rows={2} value={remark} onChange={(event) => setRemark(event.target.value)} />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Subjects</legend>
        {subjects.map((row, index) => (
          <div key={row.key} className="grid grid-cols-[1fr_5rem_4rem_auto] items-center gap-2">
            <Input
              aria-label={`Subject ${index + 1} name`}
              placeholder="Subject"
              value={row.name}
              onChange={(event) =>
                setSubjects((all) =>
                  all.map((item) => (item.key === row.key ? { ...item, name: event.target.value } : item)),
                )
              }
            />
            <Input
              aria-label={`Subject ${index + 1} score`}
              placeholder="Score"
              inputMode="decimal"
              value={row.score}
              onChange={(event) =>
                setSubjects((all) =>
                  all.map((item) => (item.key === row.key ? { ...item, score: event.target.value } : item)),
                )
              }
            />
            <Input
              aria-label={`Subject ${index + 1} grade`}
              placeholder="Grade"
              value={row.grade}
              onChange={(event) =>
                setSubjects((all) =>
                  all.map((item) => (item.key === row.key ? { ...item, grade: event.target.value } : item)),
                )
              }
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove subject ${index + 1}`}
              onClick={() => setSubjects((all) => all.filter((item) => item.key !== row.key))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {subjectError && <p className="text-sm text-red-600 dark:text-red-400">{subjectError}</p>}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setSubjects((all) => [
              ...all,
              { key: Math.max(-1, ...all.map((item) => item.key)) + 1, name: '', score: '', grade: '' },
            ])
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          Add subject
        </Button>
      </fieldset>
    </FormDialog>
  );
}
