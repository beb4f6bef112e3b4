import swagger from '@fastify/swagger';
import { allEndpoints } from '@srs/shared/endpoints/all';
import type { Endpoint } from '@srs/shared/endpoints/define';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * The web client's types come from the endpoint descriptions of packages/shared/src/endpoints.
 * This proves every one of them against the server's own routes, through the OpenAPI document:
 * the same method and path, and the same schemas for the answer, the body and the query, so
 * that a client type cannot drift from what the server validates.
 */

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const endpoints = Object.entries(allEndpoints).flatMap(([domain, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })),
);

/** '/students/:id' as the OpenAPI document names it: '/api/students/{id}'. */
const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;
const operationOf = (doc: OpenApi, endpoint: Endpoint) =>
  doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];

const jsonOf = (part: { content?: Record<string, { schema?: unknown }> } | undefined) =>
  part?.content?.['application/json']?.schema;

/** The JSON schemas of the 2xx answers that carry a body. */
function successSchemas(operation: Operation): unknown[] {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => jsonOf(response))
    .filter((schema) => schema !== undefined);
}

/** The query and path parameters, by where and name, without their order. */
const parametersOf = (operation: Operation) =>
  Object.fromEntries((operation.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p]));

/**
 * The OpenAPI document of the shared descriptions alone: one route per endpoint, its schemas
 * turned into JSON schema by the same transform the server's document uses.
 */
async function describedDocument(): Promise<OpenApi> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, { openapi: { info: { title: 'shared', version: '1' } }, transform: jsonSchemaTransform });
  const seen = new Set<string>();
  for (const { endpoint } of endpoints) {
    // Two descriptions of one route (courses, seminars) narrow its answer; the route is declared once.
    const key = `${endpoint.method} ${endpoint.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    app.route({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.response ? { response: { 200: endpoint.response } } : {}),
      },
      handler: async () => null,
    });
  }
  await app.ready();
  const doc = app.swagger() as unknown as OpenApi;
  await app.close();
  return doc;
}

/** The answer's own schema, apart from its route: a narrowing description is checked on it. */
async function responseSchemaOf(endpoint: Endpoint): Promise<unknown> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, { openapi: { info: { title: 'one', version: '1' } }, transform: jsonSchemaTransform });
  if (endpoint.response) app.get('/answer', { schema: { response: { 200: endpoint.response } } }, async () => null);
  await app.ready();
  const doc = app.swagger() as unknown as OpenApi;
  await app.close();
  return jsonOf(doc.paths['/answer']?.get?.responses?.['200']);
}

describe('the shared endpoint descriptions match the server routes', () => {
  let t: TestContext;
  let server: OpenApi;
  let described: OpenApi;

  beforeAll(async () => {
    // With interest tracking on, the routes it adds (its keys, its intake) are there to compare too.
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    server = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    described = await describedDocument();
  });
  afterAll(async () => t.close());

  it('describes the calls of the web app', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(40);
  });

  it.each(endpoints)('$name: the route exists with its method and path', ({ endpoint }) => {
    expect(operationOf(server, endpoint), `${endpoint.method} ${openApiPath(endpoint.path)}`).toBeDefined();
  });

  it.each(endpoints)('$name: the answer has the route schema', async ({ endpoint }) => {
    const route = successSchemas(operationOf(server, endpoint) ?? {});
    if (endpoint.response === null) {
      expect(route).toEqual([]);
      return;
    }
    const shared = await responseSchemaOf(endpoint);
    expect(shared).toBeDefined();
    expect(route.length).toBeGreaterThan(0);
    for (const schema of route) {
      if (endpoint.fixedQuery) {
        // The fixed query chooses one branch of the route's answer.
        expect((schema as { anyOf?: unknown[] }).anyOf ?? [schema]).toContainEqual(shared);
      } else {
        expect(schema).toEqual(shared);
      }
    }
  });

  it.each(endpoints.filter(({ endpoint }) => endpoint.body))('$name: the body has the route schema', ({ endpoint }) => {
    const route = jsonOf(operationOf(server, endpoint)?.requestBody);
    expect(route).toBeDefined();
    expect(route).toEqual(jsonOf(operationOf(described, endpoint)?.requestBody));
  });

  it.each(endpoints.filter(({ endpoint }) => endpoint.query || endpoint.params))(
    '$name: the query and path parameters have the route schema',
    ({ endpoint }) => {
      expect(parametersOf(operationOf(server, endpoint) ?? {})).toEqual(
        parametersOf(operationOf(described, endpoint) ?? {}),
      );
    },
  );

  it('the shared components are the server components they name', () => {
    for (const [name, schema] of Object.entries(described.components?.schemas ?? {})) {
      expect(server.components?.schemas?.[name], name).toEqual(schema);
    }
  });
});
