import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import { InterestPerson } from './interests.ts';
import { type PublicInterestFieldName, publicInterestFields } from './public-intake.ts';

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

/** A field of the intake with its words from public-intake.ts, for the OpenAPI document. */
const documented = <T extends z.ZodType>(name: PublicInterestFieldName, schema: T): T => {
  const doc = publicInterestFields.find((field) => field.name === name)!;
  return schema.meta({ description: doc.description, example: doc.example });
};
const person = InterestPerson.shape;

/**
 * POST /api/public/interests, from a church website with a key: a person asking for Bible studies
 * (public-intake.ts says it in words). Strict: a field it does not take is refused by name (422),
 * never dropped. The course or seminar comes by its name (`series`) or its id (`series_id`).
 * `external_id` is the sender's own id for the request: sent again, it never makes a second
 * interest; without it every post makes one.
 */
export const PublicInterestInput = z
  .strictObject({
    first_name: documented('first_name', person.first_name),
    last_name: documented('last_name', person.last_name),
    email: documented('email', person.email),
    phone: documented('phone', person.phone),
    address: documented('address', person.address),
    address_2: documented('address_2', person.address_2),
    city: documented('city', person.city),
    state: documented('state', person.state),
    zip_code: documented('zip_code', person.zip_code),
    country: documented('country', person.country),
    series: documented('series', optionalText(200).optional()),
    series_id: documented('series_id', person.series_id),
    external_id: documented('external_id', optionalText(100).optional()),
  } satisfies Record<PublicInterestFieldName, z.ZodType>)
  .meta({ description: 'A person who asked for Bible studies. Only these fields: any other is refused (422).' });
export type PublicInterestInput = z.infer<typeof PublicInterestInput>;

export const PublicInterestResponse = z.object({
  id: z.number(),
  /** Null when the website sent none. */
  external_id: z.string().nullable(),
  status: z.string(),
  received_on: z.string(),
  /** The course or seminar the interest was linked to. */
  series: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** False when this external_id had been received already: nothing new was made. */
  created: z.boolean(),
});
export type PublicInterestResponse = z.infer<typeof PublicInterestResponse>;
