import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0, as fastify-type-provider-zod writes it) the routes use. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
};

/** Real record ids: a field named like an id takes one of them most of the time. */
export type ValueContext = { ids: readonly number[] };

const isIdName = (name: string) => /(^|_)ids?$/.test(name);
const dateText = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * Valid-looking values for a schema: what a client that read the document would send. A field's
 * name helps where the schema says only "string" (an email, a date) or "integer" (a record id).
 */
export function valueFor(schema: JsonSchema, context: ValueContext, name = ''): fc.Arbitrary<unknown> {
  const base = baseValueFor(schema, context, name);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function baseValueFor(schema: JsonSchema, context: ValueContext, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => valueFor(part, context, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return integerFor(schema, context, name);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = valueFor(schema.items ?? {}, context, name.replace(/s$/, ''));
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    case 'object':
      return objectFor(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 1000));
  }
  if (/email/.test(name) && maxLength >= 6) return fc.emailAddress().filter((email) => email.length <= maxLength);
  if (/(date|_at$|^from$|^to$|_on$)/.test(name) && maxLength >= 10) return dateText;
  if (/(^id$|_id$|_ids$)/.test(name)) return fc.integer({ min: 1, max: 5000 }).map(String);
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function integerFor(schema: JsonSchema, context: ValueContext, name: string): fc.Arbitrary<number> {
  let min = schema.minimum ?? -1_000_000;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  let max = schema.maximum ?? 1_000_000;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  const any = fc.integer({ min, max });
  const real = context.ids.filter((id) => id >= min && id <= max);
  if (!isIdName(name) || real.length === 0) return any;
  return fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 4 }, { arbitrary: any, weight: 1 });
}

function objectFor(schema: JsonSchema, context: ValueContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueFor(property, context, key)]),
  );
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(model, { requiredKeys });
}
