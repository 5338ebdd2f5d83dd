import { Undo2, X } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { Button, FormField, PasswordInput } from '@/components/ui';
import type { ProfileFormValues } from '../lib/form-values';

type SecretName = 'ps_secret_key' | 'fw_secret_key' | 'fw_secret_hash';

/**
 * A write-only secret. The stored value never reaches the browser: the placeholder shows the
 * API's mask, an empty field keeps it, and 'Remove saved secret' clears it on save.
 */
export function SecretField({ name, label, masked }: { name: SecretName; label: string; masked: string | null }) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const clearName = `clear_${name}` as const;
  const clearing = watch(clearName) === true;
  const placeholder = clearing ? 'Removed on save' : masked ? `${masked} (saved — leave empty to keep)` : 'Not set';

  return (
    <div className="space-y-2">
      <FormField
        label={label}
        error={errors[name]?.message}
        hint={
          clearing
            ? 'The saved value is removed when you save.'
            : masked
              ? `Saved: ${masked}. Type a new value only to replace it.`
              : undefined
        }
      >
        <PasswordInput
          autoComplete="new-password"
          spellCheck={false}
          placeholder={placeholder}
          disabled={clearing}
          {...register(name)}
        />
      </FormField>
      {masked &&
        (clearing ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setValue(clearName, false, { shouldDirty: true })}
            aria-label={`Keep saved ${label.toLowerCase()}`}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            Keep saved secret
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={`Remove saved ${label.toLowerCase()}`}
            onClick={() => {
              setValue(name, '', { shouldDirty: true });
              setValue(clearName, true, { shouldDirty: true });
            }}
          >
            <X className="size-4" aria-hidden="true" />
            Remove saved secret
          </Button>
        ))}
    </div>
  );
}
