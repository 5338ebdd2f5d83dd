import { zodResolver } from '@hookform/resolvers/zod';
import { confirmPhoneSchema, displayPhone, type MyPhone, startPhoneVerificationSchema } from '@schoolledger/domain';
import { useEffect, useReducer, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatTime } from '@/lib/dates';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useConfirmPhone } from '../api/confirm-phone';
import { useStartPhoneVerification } from '../api/start-phone-verification';
import { isCodeExpired, isRateLimited, type PendingCode, RATE_LIMITED_TEXT } from '../lib/phone-messages';

/** The time now, read again when `until` passes, so a code's expiry shows without a reload. */
export function useNowUntil(until: string | null): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (!(left > 0)) return;
    const timer = setTimeout(tick, Math.min(left + 100, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [until]);
  return Date.now();
}

function Refusal({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

const sendFailure = (error: unknown) =>
  isRateLimited(error)
    ? errorMessage(error, RATE_LIMITED_TEXT)
    : errorMessage(error, 'The code could not be sent. Please try again.');

interface ConfirmNumberProps {
  phone: MyPhone;
  code: PendingCode | null;
  onConfirmed(): void;
  /** Given while a confirmed number is being changed: back to it. */
  onCancel: (() => void) | undefined;
}

/** The number, then the code sent to it: what makes the number the person's. */
export function ConfirmNumber({ phone, code, onConfirmed, onCancel }: ConfirmNumberProps) {
  const [another, setAnother] = useState(false);
  const waiting = code !== null && !code.expired && !another;
  return (
    <div className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          {onCancel ? 'Change your number' : 'Confirm your number'}
        </h3>
        {!waiting && (
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            We send a 6-digit code to your mobile number by SMS. Typing it here shows the number is yours; then you
            choose which messages to receive.
          </p>
        )}
      </div>
      {waiting ? (
        <CodeForm code={code} onConfirmed={onConfirmed} onAnother={() => setAnother(true)} />
      ) : (
        <NumberForm
          initial={another ? '' : (code?.phone ?? (phone.phone ? displayPhone(phone.phone) : ''))}
          expired={code?.expired && !another ? code.phone : null}
          onSent={() => setAnother(false)}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}

function NumberForm({
  initial,
  expired,
  onSent,
  onCancel,
}: {
  initial: string;
  /** The number whose code expired unused, to say so. */
  expired: string | null;
  onSent(): void;
  onCancel: (() => void) | undefined;
}) {
  const start = useStartPhoneVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(startPhoneVerificationSchema), defaultValues: { phone: initial } });
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = handleSubmit((input) => {
    setRefusal(null);
    start.mutate(input, {
      onSuccess: onSent,
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['phone'])) setRefusal(sendFailure(error));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm your number" className="space-y-4">
      {expired && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          The code sent to {expired} has expired. Send a new one.
        </p>
      )}
      <FormField label="Mobile number" required error={errors.phone?.message} className="max-w-xs">
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="0803 123 4567" {...register('phone')} />
      </FormField>
      {refusal && <Refusal>{refusal}</Refusal>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={start.isPending}>
          {start.isPending ? 'Sending...' : 'Send code'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function CodeForm({ code, onConfirmed, onAnother }: { code: PendingCode; onConfirmed(): void; onAnother(): void }) {
  const confirm = useConfirmPhone();
  const resend = useStartPhoneVerification();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(confirmPhoneSchema), defaultValues: { code: '' } });
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = handleSubmit((input) => {
    setRefusal(null);
    confirm.mutate(input, {
      onSuccess: onConfirmed,
      onError: (error) => {
        if (applyFieldErrors(error, setError, ['code'])) return;
        const fallback = isCodeExpired(error)
          ? 'The code has expired. Send a new one.'
          : 'The code could not be checked. Please try again.';
        setError('code', { type: 'server', message: errorMessage(error, fallback) });
      },
    });
  });

  const sendAgain = () => {
    setRefusal(null);
    resend.mutate(
      { phone: code.phone },
      {
        onSuccess: () => {
          reset({ code: '' });
          clearErrors();
          notify.success(`A new code is on its way to ${code.phone}`);
        },
        onError: (error) => setRefusal(sendFailure(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Type the code" className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        We sent a 6-digit code to <span className="font-medium whitespace-nowrap tabular-nums">{code.phone}</span> by
        SMS. Type it below to show the number is yours. It expires at{' '}
        <time dateTime={code.expiresAt} className="font-medium">
          {formatTime(code.expiresAt)}
        </time>
        .
      </p>
      <FormField label="6-digit code" required error={errors.code?.message} className="max-w-44">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          spellCheck={false}
          className="tracking-[0.3em] tabular-nums"
          {...register('code')}
        />
      </FormField>
      {refusal && <Refusal>{refusal}</Refusal>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Confirm number'}
        </Button>
        <Button variant="secondary" loading={resend.isPending} disabled={confirm.isPending} onClick={sendAgain}>
          Resend code
        </Button>
        <Button variant="ghost" onClick={onAnother} disabled={confirm.isPending || resend.isPending}>
          Use another number
        </Button>
      </div>
    </form>
  );
}
