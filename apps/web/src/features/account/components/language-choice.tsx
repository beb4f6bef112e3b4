import { Radio, Stack } from '@mantine/core';
import { type Language, languageNames, languages } from '@srs/shared/i18n';
import { useState } from 'react';
import { accountText } from '../messages.ts';

type Props = {
  /** The language chosen; null: none, the browser's. */
  language: Language | null;
  /** Saves a choice (null: the browser's); a rejection shows the saved one again. */
  onChoose: (language: Language | null) => Promise<unknown>;
};

const browser = 'browser';

/**
 * My Account → Language (issue 29): the browser's language, or English or Spanish whatever the
 * browser says, each language by its own name ('Español'). Saved as soon as it is chosen.
 */
export function LanguageChoice({ language, onChoose }: Props) {
  const t = accountText.useT();
  // What is being saved shows at once; the saved one again once the answer came.
  const [saving, setSaving] = useState<string | null>(null);
  const choose = async (value: string) => {
    setSaving(value);
    try {
      await onChoose(value === browser ? null : (value as Language));
    } catch {
      // said by the page (a toast); the saved choice shows again
    } finally {
      setSaving(null);
    }
  };
  return (
    <Radio.Group value={saving ?? language ?? browser} onChange={(value) => void choose(value)} disabled={saving !== null}>
      <Stack gap="xs">
        <Radio value={browser} label={t('sameAsBrowser')} />
        {languages.map((code) => (
          // Each language in its own name and, for a screen reader, its own voice.
          <Radio key={code} value={code} label={<span lang={code}>{languageNames[code]}</span>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
