import { Select, TextInput } from '@mantine/core';
import type { State } from '@srs/shared/geo';
import { messages } from '@srs/shared/messages';
import { studentFieldLabels } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { CountrySelect } from '../../../components/country-select.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { statesQuery } from '../../../lib/lookups/geo.ts';
import { studentFormText } from './messages.ts';
import type { StudentFormControl, StudentFormValues } from './student-form-values.ts';

/** Countries whose addresses carry the postal abbreviation of the state ('Springfield, IL 62701'). */
const abbreviatingCountries = new Set(['United States', 'Canada']);

export function stateValue(country: string, state: State): string {
  return abbreviatingCountries.has(country) ? state.abbreviation : state.name;
}

function stateOptions(country: string, states: readonly State[], current: string) {
  const options = states.map((state) => ({ value: stateValue(country, state), label: state.name }));
  // A saved state the list does not hold (an older spelling) stays choosable, so an edit keeps it.
  if (current !== '' && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: current });
  }
  return options;
}

type Props = {
  control: StudentFormControl;
  error: string | undefined;
};

/** Country (SPEC section 5: United States by default); changing it empties the state. */
export function CountryField({ control, setValue, error }: Props & { setValue: UseFormSetValue<StudentFormValues> }) {
  return (
    <Controller
      control={control}
      name="country"
      render={({ field }) => (
        <CountrySelect
          value={field.value}
          onChange={(value) => {
            if (value !== field.value) setValue('state', '', { shouldDirty: true });
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}

/**
 * State (SPEC section 5): the list loads once a country is chosen and starts again when the
 * country changes. A country without states takes the state as text.
 */
export function StateField({ control, error }: Props) {
  const t = studentFormText.useT();
  const shared = useSharedText();
  const country = useWatch({ control, name: 'country' });
  const states = useQuery({ ...statesQuery(country), enabled: country !== '' });
  const noStates = states.isSuccess && states.data.states.length === 0;
  return (
    <Controller
      control={control}
      name="state"
      render={({ field }) =>
        noStates ? (
          <TextInput
            label={shared(studentFieldLabels.state)}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={error}
          />
        ) : (
          <Select
            label={shared(studentFieldLabels.state)}
            withAsterisk
            searchable
            limit={300}
            disabled={country === ''}
            placeholder={country === '' ? t('chooseCountryFirst') : states.isPending ? shared(messages.loading) : undefined}
            data={stateOptions(country, states.data?.states ?? [], field.value)}
            value={field.value === '' ? null : field.value}
            onChange={(next) => field.onChange(next ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            nothingFoundMessage={t('noStates')}
            error={error}
          />
        )
      }
    />
  );
}
