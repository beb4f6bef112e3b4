import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { commonText } from '../i18n/common.ts';
import { componentsText } from './text.ts';

/** SPEC section 5: a search fires after a 500 ms pause. */
export const searchDebounceMs = 500;

/** It fires only when the text is empty or at least the minimum length. */
export function shouldSearch(text: string, minLength: number): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length >= minLength;
}

type Props = {
  value: string;
  onSearch: (text: string) => void;
  minLength: number;
  /** 'Quick find' when not given. */
  label?: string;
  delay?: number;
};

/** The 'Quick find' box of a list. */
export function QuickFind({ value, onSearch, minLength, label, delay = searchDebounceMs }: Props) {
  const t = componentsText.useT();
  const c = commonText.useT();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;

  // The URL changed from elsewhere (header search, back button): show its text.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current.trim() || !shouldSearch(text, minLength)) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      search.current(trimmed);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, minLength, delay]);

  return (
    <TextInput
      label={label ?? t('quickFind')}
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      placeholder={c('search')}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
