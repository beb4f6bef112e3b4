import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { errorPage, logoutPage } from './idp-pages.ts';
import { idpText, pageLanguage } from './idp-words.ts';
import { createProviderAdapter } from './provider-adapter.ts';
import { loadOrCreateKey } from './server-keys.ts';

export const builtinClientId = 'student-records-web';
export const idpMountPath = '/idp';

export type BuiltinProvider = { provider: Provider; clientId: string; clientSecret: string; issuer: string };

/**
 * The built-in OpenID provider, used when no external OIDC_ISSUER is configured: one sign-in
 * step against the users' own passwords, no consent page, nothing loaded from outside.
 */
export async function createBuiltinProvider(db: Db, publicUrl: string): Promise<BuiltinProvider> {
  const issuer = `${publicUrl}${idpMountPath}`;
  const clientSecret = await loadOrCreateKey(db, 'builtin_client_secret', () => randomBytes(32).toString('base64url'));
  const cookieKeys = await loadOrCreateKey(db, 'builtin_cookie_keys', () => [randomBytes(32).toString('base64url')]);
  const signingKey = await loadOrCreateKey(db, 'builtin_signing_jwk', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });

  const configuration: Configuration = {
    adapter: createProviderAdapter(db),
    clients: [
      {
        client_id: builtinClientId,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/api/users/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: cookieKeys },
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    // acr: the session generation the password was checked under (auth/account-sessions.ts generationAcr).
    claims: { openid: ['sub', 'acr'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: async (_ctx, sub) => {
      const [user] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          active: users.active,
        })
        .from(users)
        .where(eq(users.id, Number(sub)));
      if (!user?.active) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: user.email,
          email_verified: true,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${idpMountPath}/interaction/${interaction.uid}` },
    // The web app is our own client: the grant is given with the sign-in, never asked for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          // In the browser's language: a cache keeps it per language.
          ctx.vary('accept-language');
          ctx.body = logoutPage(form, pageLanguage(null, ctx.get('accept-language')));
        },
      },
    },
    // The provider's own description of what failed is its English; the page around it is the browser's language.
    renderError: async (ctx, out) => {
      const language = pageLanguage(null, ctx.get('accept-language'));
      ctx.type = 'html';
      ctx.vary('accept-language');
      ctx.body = errorPage(String(out.error_description ?? out.error ?? idpText(language, 'signInFailed')), language);
    },
    ttl: {
      Session: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
    },
  };

  const provider = new Provider(issuer, configuration);
  // The provider reads its own address from X-Forwarded-Host and -Proto, which idp-routes.ts sets
  // on every request to the product's address (PUBLIC_URL), whatever the client sent: discovery
  // names no address of a client's choosing, and over HTTPS its cookies are Secure behind any proxy.
  provider.proxy = true;
  return { provider, clientId: builtinClientId, clientSecret, issuer };
}
