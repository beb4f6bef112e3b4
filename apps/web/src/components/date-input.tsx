import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDate, isValidIsoDate, minimumDate, parseUsDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import { IconCalendar } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** SPEC section 9: the calendar offers the years 1900 to 2100 (typed dates may go back to 1800). */
export const calendarMinDate = '1900-01-01';
export const calendarMaxDate = '2100-12-31';
export const datePlaceholder = '00/00/0000';

/**
 * Mantine's own date pickers mark the calendar so that Escape closes the calendar and not a modal
 * around it; DatePicker takes the flag without declaring it.
 */
const escapeClosesOnlyTheCalendar = { __stopPropagation: true } as Record<string, unknown>;

/** What a native date input reports when the browser holds a date it cannot read. */
const unreadableNativeDate = 'invalid';

export type DateInputProps = {
  label: ReactNode;
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
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

function textOf(value: string | null): string {
  if (!value) return '';
  return isValidIsoDate(value) ? formatDate(value) : value;
}

function isUnreadable(value: string | null): boolean {
  return value !== null && !isValidIsoDate(value);
}

/**
 * The date input of every form (SPEC section 5): MM/dd/yyyy text with a calendar on wide
 * screens, the browser's own date input on narrow ones.
 */
export function DateInput(props: DateInputProps) {
  return useIsMobile() ? <NativeDateInput {...props} /> : <TypedDateInput {...props} />;
}

function useUnreadableError(props: DateInputProps) {
  const [checked, setChecked] = useState(false);
  const ownError = checked && isUnreadable(props.value) ? messages.dateInvalid : undefined;
  return {
    error: props.error ?? ownError,
    onEdit: () => setChecked(false),
    onBlur: () => {
      setChecked(true);
      props.onBlur?.();
    },
  };
}

function TypedDateInput(props: DateInputProps) {
  const { value, onChange } = props;
  const [text, setText] = useState(() => textOf(value));
  const [opened, setOpened] = useState(false);
  const emitted = useRef(value);
  const check = useUnreadableError(props);

  // A value set from outside (a calendar pick, a form reset) replaces the typed text.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(textOf(value));
    }
  }, [value]);

  const emit = (next: string | null) => {
    emitted.current = next;
    onChange(next);
  };
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
    check.onEdit();
    emit(iso);
  };

  // The calendar button opens the calendar, not the text field: the roles go on the button
  // (a text field may not carry aria-expanded).
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withRoles={false}>
      <Popover.Target>
        <TextInput
          ref={props.ref}
          name={props.name}
          label={props.label}
          description={props.description}
          withAsterisk={props.required}
          disabled={props.disabled}
          placeholder={datePlaceholder}
          value={text}
          autoComplete="off"
          inputMode="numeric"
          {...calendarKeys}
          error={check.error}
          onBlur={check.onBlur}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            check.onEdit();
            emit(next.trim() === '' ? null : (parseUsDate(next) ?? next));
          }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Open calendar"
              aria-haspopup="dialog"
              aria-expanded={opened}
              {...calendarKeys}
              disabled={props.disabled}
              onClick={() => setOpened((open) => !open)}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="Calendar">
        <DatePicker
          {...escapeClosesOnlyTheCalendar}
          value={value && isValidIsoDate(value) ? value : null}
          defaultDate={value && isValidIsoDate(value) && value >= calendarMinDate ? value : undefined}
          onChange={pick}
          minDate={calendarMinDate}
          maxDate={calendarMaxDate}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

function NativeDateInput(props: DateInputProps) {
  const check = useUnreadableError(props);
  const value = props.value && /^\d{4}-\d{2}-\d{2}$/.test(props.value) ? props.value : '';
  return (
    <TextInput
      ref={props.ref}
      name={props.name}
      type="date"
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      disabled={props.disabled}
      min={minimumDate}
      value={value}
      error={check.error}
      onBlur={check.onBlur}
      onChange={(event) => {
        const input = event.currentTarget;
        check.onEdit();
        props.onChange(input.value === '' ? (input.validity.badInput ? unreadableNativeDate : null) : input.value);
      }}
    />
  );
}
