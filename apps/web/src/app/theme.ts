import {
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  toRgba,
} from '@mantine/core';
import { commonText } from '../i18n/common.ts';
import { shellText } from './shell/text.ts';

/** WCAG 2.1 AA (1.4.3): text reads at 4.5:1 against what is behind it. */
const textContrast = 4.5;

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const hex = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The colour itself when it reads on every background, else darkened just enough (same hue), in
 * steps of 1 %. Darker only reads better on these light backgrounds, so the least step that reads
 * is found by halving the range: seven tries instead of up to a hundred at the app's start.
 */
function readableOn(color: string, backgrounds: readonly string[]): string {
  const candidate = (step: number) => (step === 0 ? color : hex(darken(color, step / 100)));
  const reads = (step: number) =>
    backgrounds.every((background) => contrast(candidate(step), background) >= textContrast);
  if (!reads(99)) return '#000000';
  let [low, high] = [-1, 99];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reads(middle)) high = middle;
    else low = middle;
  }
  return candidate(high);
}

/**
 * Mantine's palettes with their text shades made readable for people with low vision, the rest
 * unchanged. Shade 9 is the text of light badges, buttons and alerts (on shades 1 and 2, the
 * light background and its hover); shade 8 is links and filled buttons' background under white
 * text (primaryShade 8), also on tinted and striped rows (shades 0 and 1); shade 7 is hovered and
 * current links. Grey 6 is Mantine's dimmed text, on white, striped and hovered rows.
 */
function readablePalette(name: string, palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  const on = (indexes: number[]) => ['#ffffff', ...indexes.map((index) => palette[index]!)];
  if (name === 'gray') shades[6] = readableOn(palette[6], on([0, 1]));
  const backgrounds: Record<7 | 8 | 9, string[]> = { 7: on([0]), 8: on([0, 1]), 9: on([0, 1, 2]) };
  for (const shade of [7, 8, 9] as const) {
    const readable = readableOn(palette[shade], backgrounds[shade]);
    // A darker shade never comes out lighter than the one before it.
    shades[shade] = luminance(readable) > luminance(shades[shade - 1]!) ? shades[shade - 1]! : readable;
  }
  return shades as unknown as MantineColorsTuple;
}

/**
 * The name of an icon-only button, read each time the button is drawn: in the language of the
 * moment (issue 29), though the theme is made once.
 */
function named(name: () => string): { 'aria-label': string } {
  return {
    get 'aria-label'() {
      return name();
    },
  };
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, readablePalette(name, palette)]),
);

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and links in shade 8: white on blue 6 reads at 3.6:1 only.
  primaryShade: 8,
  colors,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // SPEC section 9: tooltips hide after 50 ms; dropdown lists are at most 250 px high.
    Tooltip: { defaultProps: { closeDelay: 50 } },
    // Badges read as written ('Lesson 3 sent'), not in capitals.
    Badge: { defaultProps: { tt: 'none' } },
    // A clearable field's clear button is an icon only: it needs a name (axe: button-name).
    Select: {
      defaultProps: {
        maxDropdownHeight: 250,
        comboboxProps: { hideDetached: false },
        clearButtonProps: named(() => commonText.t('clear')),
      },
    },
    MultiSelect: { defaultProps: { clearButtonProps: named(() => commonText.t('clear')) } },
    FileInput: { defaultProps: { clearButtonProps: named(() => shellText.t('removeFile')) } },
    Autocomplete: { defaultProps: { maxDropdownHeight: 250, comboboxProps: { hideDetached: false } } },
    // Mantine draws the close button as an icon only: it needs a name to be found and announced.
    Modal: { defaultProps: { closeButtonProps: named(() => commonText.t('close')) } },
    Drawer: { defaultProps: { closeButtonProps: named(() => commonText.t('close')) } },
  },
});
