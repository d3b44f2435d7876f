import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  OAuth2Client,
  OAuth2RequestError,
} from 'arctic';
import type { SocialProviderConfig } from '../../config';
import {
  emailOrNull,
  fetchJsonWithBearer,
  OAuthProviderError,
  PROVIDER_TIMEOUT_MS,
  stringOrEmpty,
  type OAuthProviderPort,
  type OAuthTokens,
} from './oauth-provider';

/**
 * Google through OpenID Connect: authorization code with PKCE (S256) by arctic's generic client
 * (its `Google` class hard-codes Google's hosts), client authentication by HTTP Basic, the
 * profile from the OIDC user-info endpoint with `email_verified`. The id_token comes straight
 * from the token endpoint over TLS, so (OIDC Core 3.1.3.7) its signature need not be checked; we
 * still check that it was issued to us and names the same user as the user-info answer.
 */
export function createGoogleOAuthProvider(
  config: SocialProviderConfig,
  redirectUri: string,
): OAuthProviderPort {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    provider: 'google',
    usesPkce: true,
    authorizationUrl({ state, codeVerifier }) {
      if (!codeVerifier) throw new Error('Google needs a PKCE code verifier');
      return client.createAuthorizationURLWithPKCE(
        config.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['openid', 'profile', 'email'],
      );
    },
    async exchangeCode({ code, codeVerifier }) {
      try {
        const tokens = await withTimeout(
          client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier),
        );
        const data = tokens.data as Record<string, unknown>;
        return {
          accessToken: tokens.accessToken(),
          idToken: typeof data.id_token === 'string' ? data.id_token : null,
        };
      } catch (error) {
        const detail =
          error instanceof OAuth2RequestError
            ? error.code
            : error instanceof ArcticFetchError
              ? 'unreachable'
              : String(error);
        throw new OAuthProviderError('token_failed', `Google token exchange failed: ${detail}`, {
          cause: error,
        });
      }
    },
    async fetchProfile(tokens: OAuthTokens) {
      const { status, body } = await fetchJsonWithBearer(config.userInfoUrl, tokens.accessToken);
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new OAuthProviderError('profile_failed', `Google user-info answered ${status}`);
      }
      const info = body as Record<string, unknown>;
      const sub = stringOrEmpty(info.sub);
      if (!sub) throw new OAuthProviderError('profile_failed', 'Google user-info without sub');
      if (tokens.idToken) checkIdToken(tokens.idToken, config.clientId, sub);
      return {
        providerUserId: sub,
        email: emailOrNull(info.email),
        // Google sends a boolean; some older answers a string.
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: stringOrEmpty(info.name),
      };
    },
  };
}

function checkIdToken(idToken: string, clientId: string, sub: string): void {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(idToken) as Record<string, unknown>;
  } catch (error) {
    throw new OAuthProviderError('profile_failed', 'Google id_token unreadable', { cause: error });
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) {
    throw new OAuthProviderError('profile_failed', 'Google id_token issued to another client');
  }
  if (claims.sub !== sub) {
    throw new OAuthProviderError('profile_failed', 'Google id_token names another user');
  }
}

/** arctic's token call takes no abort signal: give up waiting (the request itself may linger). */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROVIDER_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
