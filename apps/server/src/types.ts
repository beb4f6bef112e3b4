import type { RoleType, TokenUser } from '@srs/shared/roles';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenPayload } from './auth/tokens.ts';
import type { Scope } from './plugins/scope.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (SPEC section 6). Every route declares roles or `public`. */
    roles?: readonly RoleType[];
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh from the database on every request. */
    user: TokenUser;
    token: TokenPayload;
    scope: Scope;
  }
}
