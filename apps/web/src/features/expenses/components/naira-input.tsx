import type { ComponentProps } from 'react';
import { Input } from '@/components/ui';

type NairaInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'inputMode' | 'min' | 'step'>;

/** Naira to the kobo: the number pad on a phone, two decimals; the schema reads and checks the text. */
export function NairaInput(props: NairaInputProps) {
  return <Input type="number" inputMode="decimal" min={0} step={0.01} {...props} />;
}
