import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A field's help under its input rather than between its label and input: fields side by side
 * keep their inputs in line whether or not they have help.
 */
export const helpBelow: Pick<TextInputProps, 'inputWrapperOrder'> = { inputWrapperOrder: ['label', 'input', 'description', 'error'] };

/**
 * A value this user cannot change here, shown where its field would be, with why and who can
 * (read with it as its description). It is not part of what the form sends.
 */
export function ReadOnlyField({ label, value, why, type }: { label: string; value: string; why: string; type?: string }) {
  return <TextInput label={label} type={type} value={value} readOnly variant="filled" description={why} {...helpBelow} />;
}
