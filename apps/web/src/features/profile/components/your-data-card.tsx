import { FileDown, FileJson } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, Card, CardBody, CardHeader } from '@/components/ui';
import { useDownloadMyData } from '../api/download-my-data';
import { useDownloadMyDataPdf } from '../api/download-my-data-pdf';

/** A copy of everything held about the person (and their children), the right the privacy notice promises. */
export function YourDataCard() {
  const json = useDownloadMyData();
  const pdf = useDownloadMyDataPdf();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={<span id={titleId}>Your data</span>}
        description="A copy of everything SchoolLedger holds about you, and about your children if you are a parent."
      />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          It lists your details, school records, fees, payments, receipts and refunds, and the notices and sign-ins of
          the last 12 months. The file is for you: keep it somewhere safe.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => json.mutate()} loading={json.isPending}>
            {!json.isPending && <FileJson className="size-4" aria-hidden="true" />}
            {json.isPending ? 'Preparing...' : 'Download (JSON)'}
          </Button>
          <Button variant="secondary" onClick={() => pdf.mutate()} loading={pdf.isPending}>
            {!pdf.isPending && <FileDown className="size-4" aria-hidden="true" />}
            {pdf.isPending ? 'Preparing...' : 'Download (PDF)'}
          </Button>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          How your information is used, how long it is kept and what you can ask for:{' '}
          <Link
            to="/privacy"
            className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
          >
            Privacy notice
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}
