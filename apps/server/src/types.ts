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
import type { Actor } from './core/actor.ts';
import type { RecordKind, Visible } from './core/records.ts';
import type { UserLimitKind } from '@srs/shared/user-limits';

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
    /**
     * The record the path's `:id` names, checked in the user's scope before the handler runs
     * (404 outside it); `{ none }` says why a path parameter is not a record. Start-up fails
     * for a path parameter that declares neither.
     */
    record?: RecordKind | { none: string };
    /** The per-user limit a costly route counts against (plugins/user-limits.ts). */
    userLimit?: UserLimitKind;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh from the database on every request. */
    user: TokenUser;
    token: TokenPayload;
    /** Who acts: the user's id and scope, passed to every query and write. */
    actor: Actor;
    /** The API key a public intake call carried, once checked (modules/interests/public-intake.routes.ts). */
    apiKeyId?: number;
    /** The route's record once its scope check passed (`visibleId(request, kind)` reads it). */
    visibleRecord: { kind: RecordKind; id: Visible<RecordKind> } | null;
  }
  interface FastifyReply {
    /**
     * After the signed-in user changed their own email, password or second factor (which ended
     * every session, docs/decisions/019): a new token for this one under the generation that
     * change set (not a later one another change may have set meanwhile), in the
     * `x-renewed-token` header the web app stores, so that the person who made it stays signed in here.
     */
    renewSession: (generation: number) => Promise<void>;
  }
}
