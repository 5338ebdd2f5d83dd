import type { ComponentProps } from 'react';
import { Input } from '@/components/ui';

/** A typed box left empty is no value, so the schema asks for the one a choice needs and ignores the other. */
export const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

type NumberProps = Omit<ComponentProps<typeof Input>, 'type' | 'inputMode' | 'min' | 'step'>;

/** Naira to the kobo: the number pad on a phone, two decimals. */
export function NairaInput(props: NumberProps) {
  return <Input type="number" inputMode="decimal" min={0} step={0.01} {...props} />;
}

/** A percentage up to 100 with two decimals. */
export function PercentInput(props: NumberProps) {
  return <Input type="number" inputMode="decimal" min={0} max={100} step={0.01} {...props} />;
}
