import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TestContext } from './app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the server declares about who may call a route: a role list, or public. */
export type RouteAccess = { public: boolean; roles: readonly string[] | null };

export type MatrixRoute = {
  method: HttpMethod;
  /** As OpenAPI writes it: `/api/students/{id}`. */
  path: string;
  key: string;
  access: RouteAccess | null;
};

type OpenApiDocument = { paths: Record<string, Record<string, { 'x-roles'?: unknown }>> };

/**
 * Records every route's config while an app is built. The allowed roles are not in the OpenAPI
 * document, and the app is ready (routes closed) once createTestApp returns: Fastify announces
 * each new instance on this channel before any route exists, so an onRoute hook still fits.
 */
export function captureRouteAccess(): { access: Map<string, RouteAccess>; stop: () => void } {
  const access = new Map<string, RouteAccess>();
  const initialization = channel('fastify.initialization');
  const listener = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const config = (route.config ?? {}) as { roles?: unknown; public?: unknown };
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        access.set(`${String(method).toUpperCase()} ${openApiPath(route.url)}`, {
          public: config.public === true,
          roles: Array.isArray(config.roles) ? (config.roles as string[]) : null,
        });
      }
    });
  };
  initialization.subscribe(listener);
  return { access, stop: () => initialization.unsubscribe(listener) };
}

/** `/api/students/:id` → `/api/students/{id}`, the form the OpenAPI document uses. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Every `/api/...` operation of the app's OpenAPI document, with the access the route declared. */
export async function apiRoutes(t: TestContext, access: Map<string, RouteAccess>): Promise<MatrixRoute[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = response.json() as OpenApiDocument;
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => {
          const key = `${method.toUpperCase()} ${path}`;
          // A role list the server publishes in the document wins over the captured config.
          const published = operation['x-roles'];
          const declared = Array.isArray(published)
            ? { public: false, roles: published as string[] }
            : (access.get(key) ?? null);
          return { method: method.toUpperCase() as HttpMethod, path, key, access: declared };
        }),
    )
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The path parameters of an OpenAPI path, in order: `/api/a/{id}/b/{x}` → ['id', 'x']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** The path segment that names a parameter's record: `/api/students/{id}/notes`, id → 'students'. */
export function segmentBefore(path: string, param: string): string | null {
  const segments = path.split('/');
  const index = segments.indexOf(`{${param}}`);
  return index > 0 ? segments[index - 1]! : null;
}
