import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MSG, passwordMinCheck } from '@schoolledger/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, CardBody, CardHeader, ErrorBanner, FormField, PasswordInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { usePasswordMinLength } from '@/lib/my-settings';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const mutation = useChangePassword();
  const minLength = usePasswordMinLength();
  const schema = useMemo(
    () => changePasswordFormSchema.superRefine(passwordMinCheck('newPassword', minLength)),
    [minLength],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    ({ currentPassword, newPassword }) =>
      mutation.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => reset(EMPTY),
          onError: (error) => applyFieldErrors(error, setError, ['currentPassword', 'newPassword']),
        },
      ),
    (invalid) => {
      if (invalid.confirmPassword?.type === 'custom') notify.error(MSG.newPasswordsMismatch);
    },
  );

  return (
    <Card>
      <CardHeader title="Change Password" description={`Use at least ${minLength} characters.`} />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-5">
          {mutation.isError && <ErrorBanner>{errorMessage(mutation.error, MSG.changePasswordFailed)}</ErrorBanner>}
          <FormField label="Current password" required error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField
            label="New password"
            required
            error={errors.newPassword?.message}
            hint={`At least ${minLength} characters`}
          >
            <PasswordInput autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" required error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
          <Button type="submit" loading={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
