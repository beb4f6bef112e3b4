import { z } from 'zod';
import { requiredText } from './common.ts';
import { InterestPerson } from './interests.ts';

/** A key for the public interest intake (/account/settings/api-keys): never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart ('srs_3f9a1c2e…'). */
  prefix: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyListResponse = z.object({ api_keys: z.array(ApiKey) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

export const ApiKeyCreateInput = z.object({ name: requiredText(100) });
export type ApiKeyCreateInput = z.infer<typeof ApiKeyCreateInput>;
/** The answer of a new key: the key itself, shown this once. */
export const ApiKeyCreated = z.object({ api_key: ApiKey, key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/**
 * POST /api/public/interests, from a church website with a key: a person asking for Bible studies.
 * `external_id` is the sender's own id for the request: sent again, it never makes a second interest.
 */
export const PublicInterestInput = InterestPerson.extend({ external_id: requiredText(100) });
export type PublicInterestInput = z.infer<typeof PublicInterestInput>;
export const PublicInterestResponse = z.object({
  id: z.number(),
  external_id: z.string(),
  status: z.string(),
  received_on: z.string(),
  /** False when this external_id had been received already: nothing new was made. */
  created: z.boolean(),
});
export type PublicInterestResponse = z.infer<typeof PublicInterestResponse>;

/** The intake's refusals in words: a website's developer reads them in their logs. */
export const intakeMessages = {
  keyRequired: 'A valid API key is required.',
  tooManyPosts: 'Too many interests were sent with this API key. Please try again in a minute.',
  tooManyWrongKeys: 'Too many requests without a valid API key came from this address. Please try again in a minute.',
} as const;
