import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, described once for the web client and checked against the server's own
 * route (apps/server/test/endpoints-contract.test.ts): its method, its path after /api with ':id'
 * for a parameter, the schemas of its parameters, query and body, and the schema of its answer.
 */
export type Endpoint = {
  method: Method;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** null: the answer has no body (204). */
  response: z.ZodType | null;
  /**
   * Query values the call always sends. Its answer is then the one branch of the route's answer
   * that these values choose (GET /series?type=Course answers courses).
   */
  fixedQuery?: Readonly<Record<string, string>>;
};

/** Keeps the literal path, so that the client knows the parameters a call needs. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

/** What the call answers: the server validated it against this schema before sending it. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : null;

/** What the call sends: the body schema's input (the server reads it with that schema). */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a call: '/students/:id' needs { id }. */
export type ParamsOf<E extends Endpoint> = { [Name in ParamNames<E['path']>]: number | string };
