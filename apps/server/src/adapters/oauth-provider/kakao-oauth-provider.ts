import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { SocialProviderConfig } from '../../config';
import {
  accessTokenOf,
  emailOrNull,
  fetchJsonWithBearer,
  OAuthProviderError,
  postTokenForm,
  stringOrEmpty,
  type OAuthProviderPort,
} from './oauth-provider';

/**
 * Kakao Login (REST): authorization code with PKCE (Kakao accepts `code_challenge` /
 * `code_verifier`, S256), the client secret in the token form when the Kakao app has one, and the
 * profile from `/v2/user/me`: `id` (a number), `kakao_account.email` with `is_email_valid` and
 * `is_email_verified`, `kakao_account.profile.nickname`. arctic builds the authorization URL; its
 * `Kakao` class hard-codes Kakao's hosts and has no PKCE, so the token form is ours.
 */
export function createKakaoOAuthProvider(
  config: SocialProviderConfig,
  redirectUri: string,
): OAuthProviderPort {
  const client = new OAuth2Client(config.clientId, null, redirectUri);
  return {
    provider: 'kakao',
    usesPkce: true,
    authorizationUrl({ state, codeVerifier }) {
      if (!codeVerifier) throw new Error('Kakao flow uses a PKCE code verifier');
      return client.createAuthorizationURLWithPKCE(
        config.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['profile_nickname', 'account_email'],
      );
    },
    async exchangeCode({ code, codeVerifier }) {
      const form: Record<string, string> = {
        grant_type: 'authorization_code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        code,
      };
      if (config.clientSecret) form.client_secret = config.clientSecret;
      if (codeVerifier) form.code_verifier = codeVerifier;
      return {
        accessToken: accessTokenOf(await postTokenForm(config.tokenUrl, form)),
        idToken: null,
      };
    },
    async fetchProfile(tokens) {
      const { status, body } = await fetchJsonWithBearer(config.userInfoUrl, tokens.accessToken);
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new OAuthProviderError('profile_failed', `Kakao user-info answered ${status}`);
      }
      const info = body as { id?: unknown; kakao_account?: Record<string, unknown> };
      if (typeof info.id !== 'number' && typeof info.id !== 'string') {
        throw new OAuthProviderError('profile_failed', 'Kakao user-info without id');
      }
      const account = info.kakao_account ?? {};
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      return {
        providerUserId: String(info.id),
        email: emailOrNull(account.email),
        // Kakao vouches for an address only when it is both verified and still valid.
        emailVerified: account.is_email_verified === true && account.is_email_valid === true,
        name: stringOrEmpty(profile.nickname),
      };
    },
  };
}
