import { FileInput, MantineProvider, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme.ts';

/** A clearable field's clear button is an icon only: the theme names it, so it can be found and announced (axe: button-name). */
describe('clear buttons have names', () => {
  it('a clearable Select and a clearable FileInput', () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Select label="School" data={['One', 'Two']} value="One" onChange={() => {}} clearable />
        <FileInput label="CSV file" value={new File(['a'], 'a.csv')} onChange={() => {}} clearable />
      </MantineProvider>,
    );
    // Mantine hides the Select's clear button from assistive technology (the keyboard clears it); axe still asks for a name.
    expect(container.querySelector('.mantine-InputClearButton-root')?.getAttribute('aria-label')).toBe('Clear');
    expect(screen.getByRole('button', { name: 'Remove the file' })).toBeTruthy();
  });
});
