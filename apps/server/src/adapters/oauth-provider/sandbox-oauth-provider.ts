import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { socialProviderLabels, type SocialProvider } from '@curtaincall/contracts';
import { OAuthProviderError, type OAuthProviderPort, type SocialProfile } from './oauth-provider';

/**
 * The sandbox identity provider (like the sandbox card window): when a provider has no
 * credentials and the operator allows it (`OAUTH_SANDBOX`), its button leads to a clearly marked
 * test consent page of our own server, where the visitor picks or types a test identity. The rest
 * is the real flow: state cookie, single-use state, PKCE, sign-up completion and linking.
 *
 * The consent page hands back a code that is the identity itself, signed with the server's secret
 * and bound to the login's state and PKCE challenge, so no server-side store is needed (any
 * instance can trade it) and a code cannot be replayed into another browser's login.
 */
export interface SandboxIdentity {
  name: string;
  /** Lower-cased; null: the test user did not share an address. */
  email: string | null;
  emailVerified: boolean;
}

/** The ready-made test people on the consent page (same on every provider, so e-mail linking can be tried). */
export const sandboxPresetIdentities: ReadonlyArray<SandboxIdentity & { key: string }> = [
  { key: 'tester', name: '테스트 관객', email: 'tester@example.com', emailVerified: true },
  { key: 'newbie', name: '새내기 관객', email: 'newbie@example.com', emailVerified: true },
  { key: 'unverified', name: '미인증 관객', email: 'unverified@example.com', emailVerified: false },
  { key: 'no-email', name: '이메일 비공개 관객', email: null, emailVerified: false },
];

/**
 * Only addresses no real person can own (RFC 2606 example.com/net/org, RFC 6761 `.test`) may be
 * marked verified: a sandbox that vouched for any typed address would let anyone log in to the
 * account holding it (an existing account is linked by verified e-mail).
 */
export function isSandboxVerifiableEmail(email: string): boolean {
  const domain = email.toLowerCase().split('@')[1] ?? '';
  return (
    domain.endsWith('.test') ||
    ['example.com', 'example.net', 'example.org'].some(
      (reserved) => domain === reserved || domain.endsWith(`.${reserved}`),
    )
  );
}

/** How long a code from the consent page may wait for the callback. */
const SANDBOX_CODE_MS = 5 * 60 * 1000;

interface CodePayload {
  provider: SocialProvider;
  /** sha256 of the login's state: the code belongs to that login only. */
  stateHash: string;
  codeChallenge: string;
  identity: SandboxIdentity;
  expiresAt: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export interface SandboxOAuthIssuer {
  /** The consent page's answer: a code for this identity, bound to the login that asked. */
  issueCode(input: {
    provider: SocialProvider;
    state: string;
    codeChallenge: string;
    identity: SandboxIdentity;
  }): string;
}

export function createSandboxOAuth(options: {
  /** Where the consent page is: `${publicBaseUrl}/oauth2/sandbox`. */
  consentBaseUrl: string;
  secret: string;
  now: () => number;
}): SandboxOAuthIssuer & { provider(provider: SocialProvider): OAuthProviderPort } {
  const key = createHmac('sha256', options.secret).update('oauth-sandbox-code').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function issueCode(input: {
    provider: SocialProvider;
    state: string;
    codeChallenge: string;
    identity: SandboxIdentity;
  }): string {
    const payload: CodePayload = {
      provider: input.provider,
      stateHash: sha256(input.state),
      codeChallenge: input.codeChallenge,
      identity: input.identity,
      expiresAt: options.now() + SANDBOX_CODE_MS,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${sign(body)}`;
  }

  /** The payload of a code this server signed for `provider`, or null. */
  function readCode(code: string, provider: SocialProvider): CodePayload | null {
    const [body, signature, extra] = code.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CodePayload;
      return payload.provider === provider ? payload : null;
    } catch {
      return null;
    }
  }

  function provider(name: SocialProvider): OAuthProviderPort {
    return {
      provider: name,
      // PKCE like Google and Kakao, so the sandbox exercises the verifier check too.
      usesPkce: true,
      authorizationUrl({ state, codeVerifier }) {
        if (!codeVerifier) throw new Error('the sandbox flow uses a PKCE code verifier');
        const url = new URL(`${options.consentBaseUrl}/${name}`);
        url.searchParams.set('state', state);
        url.searchParams.set('code_challenge', sha256(codeVerifier));
        url.searchParams.set('code_challenge_method', 'S256');
        return url;
      },
      async exchangeCode({ code, state, codeVerifier }) {
        const payload = readCode(code, name);
        if (
          !payload ||
          payload.expiresAt <= options.now() ||
          payload.stateHash !== sha256(state) ||
          !codeVerifier ||
          payload.codeChallenge !== sha256(codeVerifier)
        ) {
          throw new OAuthProviderError('token_failed', `${name} sandbox refused the code`);
        }
        // The access token is the checked code itself: fetchProfile reads the identity from it.
        return { accessToken: code, idToken: null };
      },
      async fetchProfile(tokens): Promise<SocialProfile> {
        const payload = readCode(tokens.accessToken, name);
        if (!payload) throw new OAuthProviderError('profile_failed', 'sandbox token unreadable');
        const { identity } = payload;
        const email = identity.email?.toLowerCase() ?? null;
        return {
          // Stable per provider and address (or name without one), so the same test person
          // logs in to the same account again.
          providerUserId: `sandbox-${sha256(`${name}:${email ?? `name:${identity.name}`}`).slice(0, 24)}`,
          email,
          emailVerified:
            Boolean(email) && identity.emailVerified && isSandboxVerifiableEmail(email ?? ''),
          name: identity.name || `${socialProviderLabels[name]} 테스트 사용자`,
        };
      },
    };
  }

  return { issueCode, provider };
}
