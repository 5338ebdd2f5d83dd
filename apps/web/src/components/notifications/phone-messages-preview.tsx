import { type BulkMessagePreview, formatKobo, plural } from '@schoolledger/domain';
import { MessageSquareText, TriangleAlert } from 'lucide-react';
import { formatTime } from '@/lib/dates';

/** Each channel's count in words: "12 SMS (14 pages, about ₦98.00)". */
function channelLines(preview: BulkMessagePreview): string[] {
  const lines: string[] = [];
  if (preview.messages.sms > 0) {
    lines.push(
      `${preview.messages.sms} SMS (${plural(preview.pages, 'page')}, about ${formatKobo(BigInt(preview.estimatedCostKobo.sms))})`,
    );
  }
  if (preview.messages.whatsapp > 0) {
    lines.push(
      `${plural(preview.messages.whatsapp, 'WhatsApp message')} (about ${formatKobo(BigInt(preview.estimatedCostKobo.whatsapp))})`,
    );
  }
  return lines;
}

/**
 * What a bulk notice or reminder would send to phones, shown before it is sent: how many families,
 * how many messages on each channel at what estimated cost, and whether the budget or quiet hours
 * stop them. `idle` says what to do to see it; `nobody`, why no one gets it by phone.
 */
export function PhoneMessagesPreview({
  preview,
  loading,
  idle,
  nobody,
}: {
  preview: BulkMessagePreview | undefined;
  loading: boolean;
  idle: string;
  nobody: string;
}) {
  if (!preview) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        {loading ? 'Working out what goes by SMS and WhatsApp…' : idle}
      </p>
    );
  }
  const lines = channelLines(preview);
  return (
    <div
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60"
      aria-live="polite"
    >
      <p className="flex gap-2 font-medium text-slate-900 dark:text-slate-100">
        <MessageSquareText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {lines.length === 0
          ? nobody
          : `By SMS and WhatsApp to ${plural(preview.families, 'family', 'families')}: ${lines.join(' and ')}.`}
      </p>
      {preview.heldForQuietHoursUntil && (
        <p className="text-slate-600 dark:text-slate-300">
          It is quiet hours: these messages go at {formatTime(preview.heldForQuietHoursUntil)}.
        </p>
      )}
      {preview.overBudget && (
        <p className="flex gap-2 text-amber-800 dark:text-amber-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This goes past what is left of this month’s messaging budget; the messages beyond it are not sent. The app and
          email still carry it to everyone.
        </p>
      )}
    </div>
  );
}
