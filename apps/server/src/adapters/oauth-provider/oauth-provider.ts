import type { SocialProvider } from '@curtaincall/contracts';

/**
 * Social login (product-rules.md §10): one port, one implementation per provider (Google OIDC,
 * Kakao, Naver), each speaking its provider's protocol against endpoints from the config, so
 * tests run the same code against a local fake provider.
 */
export interface SocialProfile {
  /** The provider's stable user id (Google `sub`, Kakao `id`, Naver `response.id`). */
  providerUserId: string;
  /** Lower-cased; null when the user did not consent to share it. */
  email: string | null;
  /** Whether the provider vouches that the user owns `email` (see each adapter for its rule). */
  emailVerified: boolean;
  /** A display name; '' when the provider gave none. */
  name: string;
}

export interface OAuthTokens {
  accessToken: string;
  /** Google's OpenID Connect id_token; null for the others. */
  idToken: string | null;
}

export interface OAuthProviderPort {
  readonly provider: SocialProvider;
  /** Whether the flow sends a PKCE challenge (Google and Kakao do; Naver has no PKCE). */
  readonly usesPkce: boolean;
  /** Where to send the browser; `codeVerifier` is null exactly when `usesPkce` is false. */
  authorizationUrl(input: { state: string; codeVerifier: string | null }): URL;
  /** Trades the code for tokens at the token endpoint (throws OAuthProviderError). */
  exchangeCode(input: {
    code: string;
    state: string;
    codeVerifier: string | null;
  }): Promise<OAuthTokens>;
  /** Reads who logged in (throws OAuthProviderError). */
  fetchProfile(tokens: OAuthTokens): Promise<SocialProfile>;
}

/** A failure talking to the provider; `reason` picks the Korean message the user sees. */
export class OAuthProviderError extends Error {
  constructor(
    readonly reason: 'token_failed' | 'profile_failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}

/** How long one call to a provider may take before the login fails instead of hanging. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** GET a JSON document with a bearer token (the user-info endpoints). */
export async function fetchJsonWithBearer(
  url: string,
  accessToken: string,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthProviderError('profile_failed', `user-info request failed: ${url}`, {
      cause: error,
    });
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new OAuthProviderError(
      'profile_failed',
      `user-info answered ${response.status} without JSON`,
    );
  }
}

/**
 * POST a form to a token endpoint with the client credentials in the body (Kakao and Naver take
 * them there, not as HTTP Basic). Returns the parsed JSON whatever the status.
 */
export async function postTokenForm(
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthProviderError('token_failed', `token request failed: ${url}`, { cause: error });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthProviderError(
      'token_failed',
      `token endpoint answered ${response.status} without JSON`,
    );
  }
  if (typeof body !== 'object' || body === null) {
    throw new OAuthProviderError('token_failed', 'token endpoint answered a non-object');
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

/** The access token of a successful token answer, or a token_failed error naming the problem. */
export function accessTokenOf(answer: { status: number; body: Record<string, unknown> }): string {
  const { status, body } = answer;
  // Naver answers its errors with 200 and an `error` field, so the field decides, not the status.
  if (status !== 200 || typeof body.error === 'string') {
    const code = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
    throw new OAuthProviderError('token_failed', `token endpoint refused: ${code}`);
  }
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new OAuthProviderError('token_failed', 'token answer without access_token');
  }
  return body.access_token;
}

export function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function emailOrNull(value: unknown): string | null {
  const email = stringOrEmpty(value).toLowerCase();
  return email.includes('@') ? email : null;
}
