import { JOURNAL_EXPORT_FORMAT_LABELS, JOURNAL_EXPORT_FORMATS } from '@schoolledger/domain';
import { FileDown } from 'lucide-react';
import { Button, Card, CardBody, CardHeader } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useExportJournal } from '../api/export-journal';
import { useExportTrialBalance } from '../api/export-trial-balance';
import { journalExtension, type Period } from '../lib/books';
import { FormatButtons } from './format-buttons';

function JournalExports({ school, period }: { school: { _id: string; name: string } | null; period: Period }) {
  const exporter = useExportJournal();
  return (
    <Card>
      <CardHeader
        title="Journal"
        description="Every entry of the period, laid out for your accounting package's journal import, with the chart's mapping."
      />
      <CardBody>
        {school ? (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Journal files">
            {JOURNAL_EXPORT_FORMATS.map((format) => (
              <li key={format}>
                <Button
                  variant="secondary"
                  className="h-auto! min-h-10 w-full justify-start py-2 text-left"
                  disabled={exporter.isPending}
                  onClick={() => exporter.mutate({ schoolId: school._id, school: school.name, period, format })}
                >
                  <FileDown className="size-4 shrink-0" aria-hidden="true" />
                  {JOURNAL_EXPORT_FORMAT_LABELS[format]} (.{journalExtension(format)})
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Choose a school above: each school&apos;s journal is loaded into its own company in the package.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/** The files an accountant takes away: the trial balance and the journal, for the period chosen above. */
export function ExportsPanel({ school, period }: { school: { _id: string; name: string } | null; period: Period }) {
  const trialBalance = useExportTrialBalance();
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title="Trial balance"
          description={`${school?.name ?? 'Every school of the group'}, ${formatDate(period.from)} to ${formatDate(period.to)}`}
        />
        <CardBody>
          <FormatButtons
            what="trial balance"
            pending={trialBalance.isPending}
            onExport={(format) =>
              trialBalance.mutate({
                query: { school_id: school?._id, ...period },
                whose: school?.name ?? 'group',
                format,
              })
            }
          />
        </CardBody>
      </Card>
      <JournalExports school={school} period={period} />
    </div>
  );
}
