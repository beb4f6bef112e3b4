import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { isValidIsoDate, minimumDate } from '@srs/shared/dates';
import { messages as sharedMessages } from '@srs/shared/messages';
import { IconCalendar } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { dateShape, formatDate, parseDateText } from '../i18n/format.ts';
import { useLocale } from '../i18n/locale.ts';
import { messages } from '../i18n/messages.ts';
import { sharedText } from '../i18n/shared.ts';
import en from '../locales/dates.en.json';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** The date field's words (issue 29): the order it reads, said in the person's language, and its calendar's names. */
export const datesText = messages('dates', en);

/** SPEC section 9: the calendar offers the years 1900 to 2100 (typed dates may go back to 1800). */
export const calendarMinDate = '1900-01-01';
export const calendarMaxDate = '2100-12-31';
/** SPEC section 5's placeholder: the shape of a date. */
export const datePlaceholder = '00/00/0000';
/**
 * The order the field reads, said under it (issue 25): the placeholder shows the shape, not the
 * order. MM/DD/YYYY in English, DD/MM/AAAA in Spanish (issue 29).
 */
export function dateFormatHint(): string {
  return datesText.t('formatHint', { order: dateShape() === 'DD/MM/YYYY' ? 'dayFirst' : 'monthFirst' });
}

/**
 * Mantine's own date pickers mark the calendar so that Escape closes the calendar and not a modal
 * around it; DatePicker takes the flag without declaring it.
 */
const escapeClosesOnlyTheCalendar = { __stopPropagation: true } as Record<string, unknown>;

export type DateInputProps = {
  /** The field's label; a row of a list that names its columns once may give `aria-label` instead. */
  label?: ReactNode;
  'aria-label'?: string;
  /**
   * YYYY-MM-DD, or null when empty. Any other text is what the user typed and could not be read:
   * the form's schema (`isoDate`) answers it with 'Date input not valid.', so a save never drops it.
   */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  ref?: Ref<HTMLInputElement>;
};

function textOf(value: string | null): string {
  if (!value) return '';
  return isValidIsoDate(value) ? formatDate(value) : value;
}

/**
 * The one date field of every form (SPEC section 5, issue 25). On wide screens typed text read as
 * MM/DD/YYYY, M/D/YYYY, MMDDYYYY or YYYY-MM-DD and shown as MM/DD/YYYY once the field is left (day
 * first in Spanish: DD/MM/YYYY, issue 29), the expected format said under it, and a calendar behind
 * its button; on narrow screens the browser's own date input, as SPEC section 5 says.
 */
export function DateInput(props: DateInputProps) {
  // Drawn again when the language changes: the text, the hint and the calendar follow it.
  useLocale();
  return useIsMobile() ? <NativeDateInput {...props} /> : <TypedDateInput {...props} />;
}

/** What a native date input reports when the browser holds a date it cannot read. */
const unreadableNativeDate = 'invalid';

/**
 * SPEC section 5: "On narrow screens a native date input is used." The phone's own date control
 * (its wheel or calendar, its locale's order); the same value, default and error as the typed field.
 */
function NativeDateInput(props: DateInputProps) {
  const [left, setLeft] = useState(false);
  const value = props.value && /^\d{4}-\d{2}-\d{2}$/.test(props.value) ? props.value : '';
  const ownError = left && props.value !== null && !isValidIsoDate(props.value) ? sharedText(sharedMessages.dateInvalid) : undefined;
  return (
    <TextInput
      ref={props.ref}
      name={props.name}
      type="date"
      label={props.label}
      aria-label={props['aria-label']}
      withAsterisk={props.required}
      disabled={props.disabled}
      min={minimumDate}
      value={value}
      error={props.error ?? ownError}
      onBlur={() => {
        setLeft(true);
        props.onBlur?.();
      }}
      onChange={(event) => {
        const input = event.currentTarget;
        setLeft(false);
        props.onChange(input.value === '' ? (input.validity.badInput ? unreadableNativeDate : null) : input.value);
      }}
    />
  );
}

/** The wide screens' field: typed text read in any of the accepted forms, a calendar behind its button. */
function TypedDateInput(props: DateInputProps) {
  const { value, onChange } = props;
  const locale = useLocale();
  const t = datesText.useT();
  const [text, setText] = useState(() => textOf(value));
  const [opened, setOpened] = useState(false);
  // 'Date input not valid.' waits until the field is left: half a date is not yet wrong.
  const [left, setLeft] = useState(false);
  const emitted = useRef(value);

  // A value set from outside (a form reset, a default) replaces the typed text.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(textOf(value));
    }
  }, [value]);
  // The language changed (My Account): a date read shows in its order.
  const [shownLocale, setShownLocale] = useState(locale);
  if (shownLocale !== locale) {
    setShownLocale(locale);
    if (value && isValidIsoDate(value)) setText(textOf(value));
  }

  const emit = (next: string | null) => {
    emitted.current = next;
    onChange(next);
  };
  const ownError = left && value !== null && !isValidIsoDate(value) ? sharedText(sharedMessages.dateInvalid) : undefined;
  // While the calendar is open, Escape closes it and not a modal around the field.
  const calendarKeys = {
    'data-mantine-stop-propagation': opened || undefined,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && opened) setOpened(false);
    },
  };
  const pick = (iso: string | null) => {
    setText(textOf(iso));
    setOpened(false);
    setLeft(false);
    emit(iso);
  };

  // The calendar hangs from its button: the button is the popover's target, so a click on it is
  // never a click outside that closes what it opens, and the roles go on it (a text field may not
  // carry aria-expanded). The calendar shows wherever the field is scrolled (hideDetached off):
  // it opens on the click alone, not once a measurement of the page says the field is in view.
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      withRoles={false}
      hideDetached={false}
    >
      <TextInput
        ref={props.ref}
        name={props.name}
        label={props.label}
        aria-label={props['aria-label']}
        description={dateFormatHint()}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk={props.required}
        disabled={props.disabled}
        placeholder={datePlaceholder}
        value={text}
        autoComplete="off"
        // A phone's number pad: MMDDYYYY needs no separator.
        inputMode="numeric"
        {...calendarKeys}
        error={props.error ?? ownError}
        onBlur={() => {
          const read = parseDateText(text);
          if (read) setText(formatDate(read));
          setLeft(true);
          props.onBlur?.();
        }}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          setLeft(false);
          emit(next.trim() === '' ? null : (parseDateText(next) ?? next));
        }}
        rightSection={
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('openCalendar')}
              aria-haspopup="dialog"
              aria-expanded={opened}
              {...calendarKeys}
              disabled={props.disabled}
              onClick={() => setOpened((open) => !open)}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
        }
      />
      <Popover.Dropdown role="dialog" aria-label={t('calendar')}>
        {/* Spanish months and days (dayjs's 'es', loaded with the Spanish catalogues: i18n/load.ts). */}
        <DatesProvider settings={{ locale }}>
          <DatePicker
            {...escapeClosesOnlyTheCalendar}
            value={value && isValidIsoDate(value) ? value : null}
            defaultDate={value && isValidIsoDate(value) && value >= calendarMinDate ? value : undefined}
            onChange={pick}
            minDate={calendarMinDate}
            maxDate={calendarMaxDate}
          />
        </DatesProvider>
      </Popover.Dropdown>
    </Popover>
  );
}
