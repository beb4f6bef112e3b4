import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createBuiltinProvider } from './auth/builtin-provider.ts';
import { idpRoutes } from './auth/idp-routes.ts';
import { createOidcClient, type OidcSettings } from './auth/oidc-client.ts';
import { createSecretBox, sealSecretsAgain } from './auth/secret-box.ts';
import { createSessionCache } from './auth/session-cache.ts';
import { createTokenService } from './auth/tokens.ts';
import { requestLog } from './core/request-log.ts';
import { validatorCompiler } from './core/validation.ts';
import type { Database } from './db/client.ts';
import { type Env, publicUrl, seedsDemo } from './env.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { enrollmentRoutes } from './modules/enrollments/enrollments.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { interestRoutes } from './modules/interests/interests.routes.ts';
import { interestTrackingRoutes } from './modules/interests/tracking.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { schoolRoutes } from './modules/schools/schools.routes.ts';
import { seminarRoutes } from './modules/seminars/seminars.routes.ts';
import { seriesRoutes } from './modules/series/series.routes.ts';
import { studentImportRoutes } from './modules/student-import/student-import.routes.ts';
import { studentRoutes } from './modules/students/students.routes.ts';
import { suggestedSchoolRoutes } from './modules/students/suggested-schools.routes.ts';
import { signupRoutes } from './modules/signup/signup.routes.ts';
import { maxUploadBytes } from '@srs/shared/account';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { publicIntakeRoutes } from './modules/interests/public-intake.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { versionRoutes } from './modules/versions/versions.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { auth } from './plugins/auth.ts';
import { errors } from './plugins/errors.ts';
import { idempotency } from './plugins/idempotency.ts';
import { type Mailer, mailerDecorator, pendingInOutbox } from './plugins/mailer.ts';
import { recordScope } from './plugins/record-scope.ts';
import { deletedRecord } from './modules/versions/public.ts';
import { security } from './plugins/security.ts';
import { userLimits } from './plugins/user-limits.ts';
import { webApp } from './plugins/web-app.ts';
import { demoAccounts, demoPassword } from './seed/demo-accounts.ts';
import type { App } from './types.ts';

export type AppOptions = { env: Env; database: Database; logger?: boolean; mailer?: Mailer };

export async function buildApp({ env, database, logger = true, mailer = pendingInOutbox }: AppOptions): Promise<App> {
  const app = Fastify({
    // The request log without search terms nor link tokens (core/request-log.ts).
    logger: logger ? requestLog(env.LOG_LEVEL) : false,
    // Only proxies the operator names are believed about the client's address (TRUST_PROXY):
    // every limit counts by it, and a client must not choose it with X-Forwarded-For.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { querystringParser: (text: string) => parseBracketQuery(text) },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const base = publicUrl(env);
  const builtin = env.OIDC_ISSUER ? null : await createBuiltinProvider(db, base);
  const oidcSettings: OidcSettings = builtin
    ? {
        issuer: builtin.issuer,
        clientId: builtin.clientId,
        clientSecret: builtin.clientSecret,
        // The built-in provider is reached in-process: no network, works before listen.
        fetch: (url, init) => injectFetch(app, url, init),
        redirectUri: `${base}/api/users/auth/callback`,
        postLogoutRedirectUri: `${base}/login`,
        scope: env.OIDC_SCOPES,
      }
    : {
        issuer: env.OIDC_ISSUER as string,
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        redirectUri: `${base}/api/users/auth/callback`,
        postLogoutRedirectUri: `${base}/login`,
        scope: env.OIDC_SCOPES,
      };
  const oidc = createOidcClient(oidcSettings);
  const tokens = await createTokenService(db, env);
  const sessions = await createSessionCache(database);
  const secrets = await createSecretBox(db, env.TOTP_ENCRYPTION_KEY);
  const resealed = await sealSecretsAgain(db, secrets);
  if (resealed.sealed > 0) app.log.info(`${resealed.sealed} second-factor secrets sealed under the newest key`);
  if (resealed.unopenable > 0) {
    app.log.error(
      `${resealed.unopenable} second-factor secrets open with no key this server has (was TOTP_ENCRYPTION_KEY changed?): their owners sign in with a recovery code, or an admin clears the second factor`,
    );
  }
  const secure = base.startsWith('https://');
  // The demo accounts and their password are shown only where they are the published ones: the
  // embedded database's demo network (server.ts gives PostgreSQL's demo accounts their own).
  const demo =
    builtin && database.kind === 'pglite' && seedsDemo(env, database.kind)
      ? { accounts: demoAccounts, password: demoPassword }
      : { accounts: [], password: null };

  await app.register(errors, { answeredLately: database.answeredLately });
  await app.register(mailerDecorator, { mailer });
  await app.register(security, {
    db,
    secure,
    providerOrigin: new URL(oidcSettings.issuer).origin,
    trustsProxy: env.TRUST_PROXY !== false,
  });
  await app.register(cookie);
  await app.register(formbody);
  // Multipart bodies (POST /enrollments with form data) arrive as plain fields, validated like JSON.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: maxUploadBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Student Records System API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The public intake's key (POST /api/public/interests), in either header.
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'srs_… (an API key)' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(auth, { db, tokens, sessions });
  app.addHook('onClose', async () => sessions.close());
  await app.register(recordScope, { db, explainMissing: deletedRecord });
  await app.register(userLimits, {
    db,
    limits: { search: env.RATE_LIMIT_SEARCH, export: env.RATE_LIMIT_EXPORTS, labels: env.RATE_LIMIT_LABELS, import: env.RATE_LIMIT_IMPORTS },
  });
  await app.register(idempotency, { db });

  if (builtin) {
    await app.register(idpRoutes, {
      db,
      builtin,
      secrets,
      demoAccounts: demo.accounts,
      demoPassword: demo.password,
      signInRateLimit: env.RATE_LIMIT_SIGN_IN,
    });
  }
  const context = { db, env };
  await app.register(authRoutes, {
    db,
    oidc,
    tokens,
    publicUrl: base,
    passwordResetUrl: env.PASSWORD_RESET_URL ?? null,
    signInRateLimit: env.RATE_LIMIT_SIGN_IN,
    secureCookies: secure,
  });
  await app.register(configRoutes, { env, demo });
  await app.register(geoRoutes, context);
  await app.register(suggestedSchoolRoutes, context);
  await app.register(studentRoutes, context);
  await app.register(studentImportRoutes, context);
  await app.register(enrollmentRoutes, context);
  await app.register(seriesRoutes, context);
  await app.register(seminarRoutes, context);
  await app.register(schoolRoutes, context);
  await app.register(userRoutes, context);
  await app.register(accountRoutes, { ...context, secrets });
  await app.register(signupRoutes, context);
  // Interest tracking off: its list, its keys and its intake do not exist (issue 12).
  if (env.FEATURE_INTEREST_TRACKING) {
    await app.register(interestRoutes, context);
    await app.register(interestTrackingRoutes, context);
    await app.register(apiKeyRoutes, context);
    await app.register(publicIntakeRoutes, context);
  }
  await app.register(mailRoutes, context);
  await app.register(versionRoutes, context);
  await app.register(privacyRoutes, context);
  await app.register(reportRoutes, context);
  await app.register(webApp);
  return app;
}

/** TRUST_PROXY as a number: the first n proxies in front of the server are believed (as Fastify does for a number). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Query arrays in bracket style (`a[]=1&a[]=2`, SPEC section 7) become arrays under `a`. */
export function parseBracketQuery(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const existing = result[key];
    if (isArray || existing !== undefined) {
      result[key] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), value];
    } else {
      result[key] = value;
    }
  }
  return result;
}

async function injectFetch(app: App, url: string, init: RequestInit | undefined): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  headers.host = target.host;
  const body = init?.body;
  const response = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: `${target.pathname}${target.search}`,
    headers,
    ...(body === undefined || body === null ? {} : { payload: typeof body === 'string' ? body : body.toString() }),
  });
  const responseHeaders = new Headers();
  for (const [key, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Response(response.statusCode === 204 ? null : response.rawPayload, {
    status: response.statusCode,
    headers: responseHeaders,
  });
}
