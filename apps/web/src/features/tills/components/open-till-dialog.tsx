import type { DenominationCount as Count } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { FormDialog, FormField, Input } from '@/components/ui';
import { useOpenTill } from '../api/open-till';
import { DrawerCount } from './drawer-count';

/** Opens the bursar's till at a desk, with the float in the drawer counted by note and coin. */
export function OpenTillDialog({ schoolId, onClose }: { schoolId: string; onClose(): void }) {
  const [desk, setDesk] = useState('');
  const [float, setFloat] = useState<Count>({});
  const [error, setError] = useState<string>();
  const open = useOpenTill();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!desk.trim()) {
      setError('Name the desk, such as "Front desk"');
      return;
    }
    open.mutate({ school_id: schoolId, desk: desk.trim(), float }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title="Open a till"
      description="Count the float in the drawer before taking any cash. Cash you record goes into this till until you close it."
      submitLabel="Open till"
      busyLabel="Opening..."
      pending={open.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <FormField
        label="Desk"
        required
        error={error}
        hint="Which desk or drawer, so a second till is not mistaken for it."
      >
        <Input
          value={desk}
          maxLength={60}
          onChange={(event) => {
            setDesk(event.target.value);
            setError(undefined);
          }}
          placeholder="Front desk"
        />
      </FormField>
      <DrawerCount label="Opening float" value={float} onChange={setFloat} />
    </FormDialog>
  );
}
