import { formatKobo, RECEIPT_NO_PATTERN, type ReceiptCheck } from '@schoolledger/domain';
import { Ban, CheckCircle2, ShieldQuestion, XCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { QueryState } from '@/components/query-state';
import { Button, FormField, Input } from '@/components/ui';
import { formatLongDateTime } from '@/lib/dates';
import { useReceiptCheck } from '../api/check-receipt';

/**
 * Where the address printed on a receipt leads: a plain answer to "is this receipt genuine?",
 * readable on a phone by whoever was handed the paper, without signing in.
 */
export default function VerifyReceiptPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const receiptNo = (params.get('receipt') ?? '').trim().toUpperCase();
  const wellFormed = code.trim() !== '' && RECEIPT_NO_PATTERN.test(receiptNo);
  const check = useReceiptCheck(code.trim(), receiptNo, wellFormed);

  let answer: ReactNode = null;
  if (code || receiptNo) {
    if (!wellFormed) answer = <NotGenuine code={code} receiptNo={receiptNo} malformed />;
    else {
      answer = (
        <QueryState query={check} loading="Checking the receipt..." errorTitle="Could not check the receipt">
          {(found) =>
            !found.valid ? (
              <NotGenuine code={code} receiptNo={receiptNo} />
            ) : found.voided ? (
              <Voided check={found} voided={found.voided} />
            ) : (
              <Genuine check={found} />
            )
          }
        </QueryState>
      );
    }
  }

  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 dark:bg-slate-950">
      <main className="mx-auto w-full max-w-lg space-y-6">
        <Link to="/" className="mx-auto flex w-fit items-center gap-3 rounded-lg">
          <BrandMark className="size-9" />
          <span className="text-lg font-semibold text-slate-900 dark:text-white">SchoolLedger</span>
        </Link>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">Receipt check</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Whether a SchoolLedger receipt was really issued, from the code printed at its foot.
          </p>
          <div className="mt-6" aria-live="polite">
            {answer}
          </div>
          <CheckForm key={`${code}|${receiptNo}`} code={code} receiptNo={receiptNo} />
        </div>
      </main>
    </div>
  );
}

function Verdict({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'good' | 'bad';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const colours =
    tone === 'good'
      ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100'
      : 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100';
  return (
    <section role="status" aria-label={title} className={`rounded-xl border p-4 sm:p-5 ${colours}`}>
      <div className="flex items-center gap-3">
        {icon}
        <h2 className="text-lg font-semibold">{title}</h2>
      </div>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
    </section>
  );
}

function receiptRows(check: ReceiptCheck): [string, string][] {
  return [
    ['Receipt number', check.receiptNo ?? ''],
    ['School', check.school ?? ''],
    ['Student', check.student ?? ''],
    ['Amount paid', check.amount === null ? '' : formatKobo(check.amount)],
    ['Date paid', check.paidAt ? formatLongDateTime(check.paidAt) : ''],
  ];
}

function ReceiptDetails({ check }: { check: ReceiptCheck }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-white/70 p-3 dark:bg-slate-900/60">
      {receiptRows(check).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
          <dd
            className={`text-right font-medium text-slate-900 dark:text-white ${label === 'Receipt number' ? 'whitespace-nowrap' : 'break-words'}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Issued by us, then voided: the payment was reversed, so the paper proves nothing is paid. */
function Voided({ check, voided }: { check: ReceiptCheck; voided: { at: string; reason: string } }) {
  return (
    <Verdict
      tone="bad"
      icon={<Ban className="size-7 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />}
      title="Voided receipt"
    >
      <p className="font-medium">This receipt was voided on {formatLongDateTime(voided.at)}.</p>
      <p>
        Reason: <span className="break-words">{voided.reason}</span>
      </p>
      <p>{check.school} issued it, then reversed the payment and gave the money back. It is not proof of payment.</p>
      <ReceiptDetails check={check} />
    </Verdict>
  );
}

function Genuine({ check }: { check: ReceiptCheck }) {
  return (
    <Verdict
      tone="good"
      icon={<CheckCircle2 className="size-7 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />}
      title="Genuine receipt"
    >
      <p>This receipt was issued by {check.school}. Check that the details below match the paper in your hand.</p>
      <ReceiptDetails check={check} />
      <p className="text-xs">The student is shown by initials only, to protect their privacy.</p>
    </Verdict>
  );
}

function NotGenuine({ code, receiptNo, malformed = false }: { code: string; receiptNo: string; malformed?: boolean }) {
  return (
    <Verdict
      tone="bad"
      icon={<XCircle className="size-7 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />}
      title="Not a genuine receipt"
    >
      <p>
        {malformed ? (
          'The receipt number or the code is incomplete, so this cannot be a receipt we issued.'
        ) : (
          <>
            No receipt numbered <span className="whitespace-nowrap">{receiptNo}</span> carries the code{' '}
            <span className="whitespace-nowrap">{code}</span>.
          </>
        )}
      </p>
      <p>
        Check that you typed both exactly as printed. If they match the paper, do not accept this receipt as proof of
        payment: contact the school's bursar office.
      </p>
    </Verdict>
  );
}

/** For a receipt read off paper: its number and code, typed by hand. */
function CheckForm({ code, receiptNo }: { code: string; receiptNo: string }) {
  const navigate = useNavigate();
  const [number, setNumber] = useState(receiptNo);
  const [typed, setTyped] = useState(code);

  function submit(event: FormEvent) {
    event.preventDefault();
    const cleanCode = typed.trim().toUpperCase();
    const cleanNumber = number.trim().toUpperCase();
    if (!cleanCode || !cleanNumber) return;
    navigate(`/verify/${encodeURIComponent(cleanCode)}?receipt=${encodeURIComponent(cleanNumber)}`);
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <ShieldQuestion className="size-5 text-slate-600 dark:text-slate-300" aria-hidden="true" />
        {code || receiptNo ? 'Check another receipt' : 'Check a receipt'}
      </h2>
      <FormField label="Receipt number" hint="For example CVC-2026-000123">
        <Input
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
      </FormField>
      <FormField label="Verification code" hint="The 12 letters and digits at the foot of the receipt">
        <Input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          required
        />
      </FormField>
      <Button type="submit" className="w-full sm:w-auto">
        Check receipt
      </Button>
    </form>
  );
}
