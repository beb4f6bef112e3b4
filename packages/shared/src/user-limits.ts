/**
 * The costly requests each signed-in user (or API key) may send in a minute, by kind: far above
 * what a person working does, so that only a script or a stuck page ever meets them (issue 26).
 * The numbers are settings (RATE_LIMIT_SEARCH and the others, README "Configuration").
 */
export const userLimitKinds = ['search', 'export', 'labels', 'import'] as const;
export type UserLimitKind = (typeof userLimitKinds)[number];

/** 429 in the product's voice: what was refused and what to do. */
export const userLimitMessages: Record<UserLimitKind, string> = {
  search: 'Too many searches in a minute. Please wait a moment and try again.',
  export: 'Too many exports in a minute. Please wait a moment and try again.',
  labels: 'Too many labels or tickets were printed in a minute. Please wait a moment and try again.',
  import: 'Too many imports in a minute. Please wait a moment and try again.',
};

/** 413: a request body over its limit, with the limit in words ("1 MB", "5 MB"). */
export const tooLargeMessage = (limitBytes: number): string => `This request is too large (the limit is ${sizeWords(limitBytes)}).`;

function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
