import { EMAIL_MESSAGES, emailTestInputSchema } from '@schoolledger/domain';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSendTestEmail } from '../api/send-test-email';

/** Sends one email at once through the saved settings and shows what the SMTP server said. */
export function TestEmail({ group, configured }: { group: string; configured: boolean }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const send = useSendTestEmail();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = emailTestInputSchema.shape.testEmail.safeParse(address);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? EMAIL_MESSAGES.testEmailRequired;
      setError(message);
      notify.error(message);
      return;
    }
    setError(undefined);
    send.mutate(
      { group, testEmail: parsed.data },
      {
        onSuccess: (outcome) => {
          setResult(outcome);
          if (outcome.ok) notify.success(EMAIL_MESSAGES.testSent);
          else notify.error(EMAIL_MESSAGES.testFailed);
        },
        onError: (failure) => {
          const message = errorMessage(failure, EMAIL_MESSAGES.testSendFailed);
          setResult({ ok: false, message });
          notify.error(EMAIL_MESSAGES.testFailed);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title="Send a test email"
        description={configured ? 'Checks the saved settings now.' : 'Save the settings above first.'}
      />
      <form onSubmit={onSubmit} noValidate aria-label="Test email">
        <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField label="Test email address" error={error} className="flex-1">
            <Input
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          </FormField>
          <Button type="submit" variant="secondary" loading={send.isPending} className="sm:mt-6">
            {!send.isPending && <Send className="size-4" aria-hidden="true" />}
            {send.isPending ? 'Sending...' : 'Send test'}
          </Button>
        </CardBody>
        {result && (
          <p
            role="status"
            className={
              result.ok
                ? 'mx-5 mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
                : 'mx-5 mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm break-words text-red-700 dark:bg-red-500/10 dark:text-red-300'
            }
          >
            {result.message}
          </p>
        )}
      </form>
    </Card>
  );
}
