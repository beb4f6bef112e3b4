import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (where `apps/` is): `./data` and the built web app are found from here. */
export const rootDir = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'apps', 'server')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return existsSync(path.join(dir, 'apps', 'server')) ? dir : process.cwd();
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the product at; sign-in redirects are built from it. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(rootDir, 'data')),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  PASSWORD_RESET_URL: z.string().url().optional(),
  /** Secret for app tokens; generated and kept in the database when not set. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Key that seals the second factor's secrets at rest; generated and kept in the database when not set. */
  TOTP_ENCRYPTION_KEY: z.string().min(32).optional(),
  /**
   * Which proxies in front of the server are believed about the client's address (X-Forwarded-For),
   * which every limit counts by: none by default, else a number of hops or a list of addresses
   * and CIDR ranges (docs/security.md).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const text = (value ?? '').trim();
      if (text === '' || text === 'false' || text === '0') return false as const;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (entries.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
        return entries;
      }
      context.addIssue({ code: 'custom', message: 'a number of hops, or addresses and CIDR ranges separated by commas' });
      return z.NEVER;
    }),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SUPPORT_EMAIL: z.string().default('schools-support@example.org'),
  TRAINING_URL: z.string().default('https://example.org/training'),
  HELP_GUIDE_URL: z.string().default('https://example.org/help'),
  FEATURE_INTEREST_TRACKING: flag,
  FOLLOWUP_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MIN_SEARCH_LENGTH: z.coerce.number().int().min(1).max(10).default(2),
  /**
   * Load the demo network into an empty database. Unset: on the embedded database only; on
   * PostgreSQL only when set to true on purpose, and then never with a published password.
   */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  SMTP_URL: z.string().optional(),
  /**
   * When the morning mail of reminders due and follow-up leaves (docs/decisions/021): HH:MM, 24-hour,
   * in the server's time zone (`TZ`), the zone every "today" of the product is in.
   */
  REMINDER_MAIL_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM, 24-hour (07:00)')
    .default('07:00'),
  MAIL_FROM: z.string().default('Student Records System <no-reply@example.org>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(20),
  /** Interests a minute one API key may send (POST /api/public/interests). */
  RATE_LIMIT_INTAKE: z.coerce.number().int().min(1).default(60),
  /**
   * Costly requests one signed-in user (or API key) may send a minute (plugins/user-limits.ts):
   * searches as one types (a pause of 500 ms between them at the fastest), exports (CSV, Excel,
   * personal data), labels and tickets (PDF), imports (a preview and its confirmation are two).
   */
  RATE_LIMIT_SEARCH: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_EXPORTS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LABELS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_IMPORTS: z.coerce.number().int().min(1).default(10),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** Whether an empty database gets the demo network: SEED_DEMO, or by default on the embedded database only. */
export const seedsDemo = (env: Env, kind: 'pglite' | 'postgres'): boolean => env.SEED_DEMO ?? kind === 'pglite';

export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
