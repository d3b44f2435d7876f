import { OAuth2Client } from 'arctic';
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
 * Naver Login: authorization code with `state` (Naver has no PKCE), the client secret and the
 * state in the token form, and the profile from `/v1/nid/me`, nested under `response`
 * (`resultcode` '00' on success). Naver answers token errors with 200 and an `error` field.
 *
 * Naver sends no "verified" flag. Its `email` is by default the account's own Naver mailbox
 * (id@naver.com), which the user owns by owning the Naver account, or else a contact address
 * Naver does not vouch for. So only a naver.com address counts as verified: a contact address
 * could be anyone's, and linking it to an existing account (or creating one with it) would let a
 * stranger take that account over.
 */
export function createNaverOAuthProvider(
  config: SocialProviderConfig,
  redirectUri: string,
): OAuthProviderPort {
  const client = new OAuth2Client(config.clientId, null, redirectUri);
  return {
    provider: 'naver',
    usesPkce: false,
    authorizationUrl({ state }) {
      // arctic's `Naver` class takes no state; the generic client sets it (and no scope: Naver
      // grants what the app registered).
      return client.createAuthorizationURL(config.authUrl, state, []);
    },
    async exchangeCode({ code, state }) {
      const form = {
        grant_type: 'authorization_code',
        client_id: config.clientId,
        client_secret: config.clientSecret ?? '',
        code,
        state,
      };
      return {
        accessToken: accessTokenOf(await postTokenForm(config.tokenUrl, form)),
        idToken: null,
      };
    },
    async fetchProfile(tokens) {
      const { status, body } = await fetchJsonWithBearer(config.userInfoUrl, tokens.accessToken);
      const answer = (typeof body === 'object' && body !== null ? body : {}) as {
        resultcode?: unknown;
        response?: Record<string, unknown>;
      };
      if (status !== 200 || answer.resultcode !== '00' || !answer.response) {
        throw new OAuthProviderError(
          'profile_failed',
          `Naver profile answered ${status} (${String(answer.resultcode)})`,
        );
      }
      const profile = answer.response;
      const id = stringOrEmpty(profile.id);
      if (!id) throw new OAuthProviderError('profile_failed', 'Naver profile without id');
      const email = emailOrNull(profile.email);
      return {
        providerUserId: id,
        email,
        emailVerified: email !== null && email.endsWith('@naver.com'),
        name: stringOrEmpty(profile.name) || stringOrEmpty(profile.nickname),
      };
    },
  };
}
