import * as client from 'openid-client';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
  /** The built-in provider is reached in-process; an external one over the network. */
  fetch?: client.CustomFetch;
};

export type SignInStart = { url: string; state: string; nonce: string; codeVerifier: string };
export type SignInClaims = {
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  /** The authentication context the provider vouches for (the built-in provider: the session generation). */
  acr?: string;
};

/** The relying party: authorization code with PKCE; state and nonce checked on return. */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  // Discovered lazily: the built-in provider answers only once the server is up (STACK-NOTES.md).
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        client.ClientSecretPost(settings.clientSecret),
        {
          execute: [client.allowInsecureRequests],
          ...(settings.fetch ? { [client.customFetch]: settings.fetch } : {}),
        },
      )
      .then((config) => {
        if (settings.fetch) config[client.customFetch] = settings.fetch;
        return config;
      })
      .catch((error) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    async start({ forceLogin }: { forceLogin: boolean }): Promise<SignInStart> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      // 'Sign in with a different account': the provider must ask again.
      if (forceLogin) parameters.prompt = 'login';
      return { url: client.buildAuthorizationUrl(config, parameters).href, state, nonce, codeVerifier };
    },

    async finish(
      currentUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<SignInClaims> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token.');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        acr: typeof claims.acr === 'string' ? claims.acr : undefined,
      };
    },

    async endSessionUrl(): Promise<string> {
      const config = await configuration();
      try {
        return client.buildEndSessionUrl(config, {
          client_id: settings.clientId,
          post_logout_redirect_uri: settings.postLogoutRedirectUri,
        }).href;
      } catch {
        // A provider without an end-session endpoint: back to our own sign-in page.
        return settings.postLogoutRedirectUri;
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
