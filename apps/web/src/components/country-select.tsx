import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { countriesQuery } from '../lib/lookups/geo.ts';
import { componentsText } from './text.ts';

type Props = Omit<SelectProps, 'label' | 'data' | 'value' | 'onChange'> & {
  /** The country's name, '' before one is chosen. */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The required Country picker over GET /countries (SPEC section 5), as every address form shows
 * it: the student form and an interest's assignment. A saved name the list does not hold (an older
 * spelling) stays choosable, so an edit keeps it.
 */
export function CountrySelect({ value, onChange, ref, ...props }: Props) {
  const t = componentsText.useT();
  const countries = useQuery(countriesQuery);
  const names = (countries.data?.countries ?? []).map((item) => item.name);
  return (
    <Select
      ref={ref}
      label={t('country')}
      withAsterisk
      searchable
      limit={300}
      data={value !== '' && !names.includes(value) ? [value, ...names] : names}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage={t('noCountriesFound')}
      {...props}
    />
  );
}
