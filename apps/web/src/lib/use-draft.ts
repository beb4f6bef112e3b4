import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { dropDraft, keepDraft, readDraft } from './drafts.ts';
import { useSessionUser } from './session.ts';

export type Draft<T> = {
  /** The draft as this tab kept it when the form opened, or null (none, or not of this shape). */
  kept: T | null;
  /** Merges what changed into the draft. */
  keep: (patch: Partial<T>) => void;
  drop: () => void;
};

/** The signed-in user's draft `name` in this tab (lib/drafts.ts), read once when the form opens. */
export function useDraft<T extends Record<string, unknown>>(name: string, schema: z.ZodType<T>): Draft<T> {
  const userId = useSessionUser()?.id ?? null;
  const [kept] = useState(() => (userId === null ? null : (schema.safeParse(readDraft(name, userId)).data ?? null)));
  const actions = useMemo(
    () => ({
      keep: (patch: Partial<T>) => {
        if (userId !== null) keepDraft(name, userId, patch);
      },
      drop: () => {
        if (userId !== null) dropDraft(name, userId);
      },
    }),
    [name, userId],
  );
  return { kept, ...actions };
}
