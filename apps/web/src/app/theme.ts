import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // SPEC section 9: tooltips hide after 50 ms; dropdown lists are at most 250 px high.
    Tooltip: { defaultProps: { closeDelay: 50 } },
    // Badges read as written ('Lesson 3 sent'), not in capitals.
    Badge: { defaultProps: { tt: 'none' } },
    Select: { defaultProps: { maxDropdownHeight: 250, comboboxProps: { hideDetached: false } } },
    Autocomplete: { defaultProps: { maxDropdownHeight: 250, comboboxProps: { hideDetached: false } } },
  },
});
