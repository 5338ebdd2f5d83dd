import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATE_FORMATS,
  type GeneralSettings,
  generalSettingsSchema,
  SCHOOL_GENERAL_FIELDS,
  type SettingsView,
} from '@schoolledger/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, Input, Select, Textarea } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

const FIELDS = ['timezone', 'dateFormat', 'contactEmail', 'contactPhone', 'receiptFooter'] as const;
const FOOTER_MAX = 300;

/** African time zones and UTC: where the schools are, without a list of four hundred. */
function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('Africa/'));
  return [...new Set([current, ...zones, 'UTC'])].sort();
}

// Partial: the time zone and date format selects always hold a value, and are not sent for one school.
const toForm = (value: GeneralSettings) => ({
  ...value,
  contactEmail: value.contactEmail ?? '',
  contactPhone: value.contactPhone ?? '',
  receiptFooter: value.receiptFooter ?? '',
});

export interface GeneralFormProps {
  view: SettingsView['sections']['general'];
  /** With a school chosen, its own contact details and footer are edited; else the group's. */
  target: SettingsTarget;
}

export function GeneralForm({ view, target }: GeneralFormProps) {
  const perSchool = target.schoolId !== '';
  const save = useSaveSettings('general', target);
  const form = useForm({ resolver: zodResolver(generalSettingsSchema.partial()), values: toForm(view.value) });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const zones = useMemo(() => timeZones(view.value.timezone), [view.value.timezone]);
  const footer = form.watch('receiptFooter');

  const onSubmit = form.handleSubmit((values) => {
    const fields = perSchool ? SCHOOL_GENERAL_FIELDS : FIELDS;
    // An emptied field is saved as "none", so the school record's own details show instead.
    const value = Object.fromEntries(fields.map((field) => [field, values[field] || null]));
    save.mutate(
      { value, level: perSchool ? 'school' : 'group' },
      { onError: (error) => showSaveError(error, form.setError, FIELDS) },
    );
  });

  return (
    <SectionForm
      section="general"
      description={
        perSchool
          ? 'This school’s contact details and receipt footer. Empty fields use the group’s, then the school record’s.'
          : 'Time zone and date format for the group, and the contact details and receipt footer every school starts from.'
      }
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Time zone"
          error={errors.timezone?.message}
          hint={perSchool ? 'Set for the whole group' : undefined}
        >
          <Select disabled={perSchool} {...register('timezone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace('_', ' ')}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Date format"
          error={errors.dateFormat?.message}
          hint={perSchool ? 'Set for the whole group' : undefined}
        >
          <Select disabled={perSchool} {...register('dateFormat')}>
            {DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Contact email" error={errors.contactEmail?.message} hint="Printed on receipts">
          <Input type="email" autoComplete="off" placeholder="bursary@yourschool.ng" {...register('contactEmail')} />
        </FormField>
        <FormField label="Contact phone" error={errors.contactPhone?.message} hint="Printed on receipts">
          <Input type="tel" autoComplete="off" placeholder="0803 123 4567" {...register('contactPhone')} />
        </FormField>
        <FormField
          label="Receipt footer"
          error={errors.receiptFooter?.message}
          hint={`${footer?.length ?? 0}/${FOOTER_MAX} characters. Printed at the bottom of every receipt.`}
          className="sm:col-span-2"
        >
          <Textarea
            maxLength={FOOTER_MAX}
            placeholder="e.g. Fees once paid are not refundable."
            {...register('receiptFooter')}
          />
        </FormField>
      </div>
    </SectionForm>
  );
}
