import { createHash, generateKeyPairSync, randomBytes, randomInt, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Google (OpenID Connect), Kakao and Naver on loopback, for tests only (never a
 * production setting: it signs anyone in). It speaks each provider's protocol as the real one
 * does, strictly enough that our adapters run unchanged against it and a mistake in them fails:
 * - authorize: checks client_id, redirect_uri, response_type and state (and, for Google, an S256
 *   PKCE challenge); answers at once with a queued consent, or shows a consent page where a
 *   browser picks the user (id, e-mail, name, verified) and allows or denies;
 * - token: checks the client secret (Google: HTTP Basic or form; Kakao and Naver: form), the
 *   code (once, same client, same redirect_uri, Naver: same state) and the PKCE verifier;
 *   answers errors in each provider's own shape (Naver: status 200 with an `error` field);
 * - user info: Google's OIDC claims, Kakao's `kakao_account`, Naver's nested `response`.
 */

export type FakeProvider = 'google' | 'kakao' | 'naver';

export interface FakeOAuthUser {
  /** Kakao ids are numbers at Kakao: use digits for Kakao users. */
  id: string;
  email: string | null;
  /** Google `email_verified`, Kakao `is_email_verified` (Naver has no such flag). */
  emailVerified: boolean;
  name: string;
}

export type FakeConsent = { user: FakeOAuthUser } | { deny: true };

export interface FakeOAuthRequest {
  provider: FakeProvider;
  endpoint: 'authorize' | 'consent' | 'token' | 'userinfo';
  /** Query and form parameters merged. */
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeOAuthProvider {
  /** e.g. `http://127.0.0.1:41234` */
  baseUrl: string;
  clients: Record<FakeProvider, { clientId: string; clientSecret: string }>;
  /** GOOGLE_CLIENT_ID ... NAVER_USERINFO_URL pointing at this fake. */
  env(): Record<string, string>;
  /** The next authorization of `provider` answers at once with this consent (no page). */
  queueConsent(provider: FakeProvider, consent: FakeConsent): void;
  requests: FakeOAuthRequest[];
  close(): Promise<void>;
}

const providers: FakeProvider[] = ['google', 'kakao', 'naver'];

/** Paths shaped like the real ones, under a prefix per provider. */
const paths = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', userinfo: '/v1/userinfo' },
  kakao: { authorize: '/oauth/authorize', token: '/oauth/token', userinfo: '/v2/user/me' },
  naver: { authorize: '/oauth2.0/authorize', token: '/oauth2.0/token', userinfo: '/v1/nid/me' },
} as const;

interface IssuedCode {
  provider: FakeProvider;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string | null;
  user: FakeOAuthUser;
  scope: string;
  expiresAt: number;
  used: boolean;
}

const CODE_LIFETIME_MS = 10 * 60 * 1000;

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, target: string): void {
  response.writeHead(302, { location: target });
  response.end();
}

/** The fake's registered clients (test values, meaningless anywhere else). */
export const fakeOAuthClients = {
  google: { clientId: 'fake-google-client.apps.example', clientSecret: 'fake-google-secret' },
  kakao: { clientId: 'fakekakaorestapikey', clientSecret: 'fake-kakao-secret' },
  naver: { clientId: 'FakeNaverClientId', clientSecret: 'FakeNaverSecret' },
} satisfies FakeOAuthProvider['clients'];

/** The server environment that points every provider at a fake listening on `baseUrl`. */
export function fakeOAuthEnv(baseUrl: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const provider of providers) {
    const name = provider.toUpperCase();
    env[`${name}_CLIENT_ID`] = fakeOAuthClients[provider].clientId;
    env[`${name}_CLIENT_SECRET`] = fakeOAuthClients[provider].clientSecret;
    env[`${name}_AUTH_URL`] = `${baseUrl}/${provider}${paths[provider].authorize}`;
    env[`${name}_TOKEN_URL`] = `${baseUrl}/${provider}${paths[provider].token}`;
    env[`${name}_USERINFO_URL`] = `${baseUrl}/${provider}${paths[provider].userinfo}`;
  }
  return env;
}

export async function startFakeOAuthProvider(
  options: { port?: number; host?: string } = {},
): Promise<FakeOAuthProvider> {
  const clients = fakeOAuthClients;
  const queued: Record<FakeProvider, FakeConsent[]> = { google: [], kakao: [], naver: [] };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { provider: FakeProvider; user: FakeOAuthUser }>();
  const requests: FakeOAuthRequest[] = [];
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  function idToken(clientId: string, user: FakeOAuthUser): string {
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'RS256', kid: 'fake-key-1', typ: 'JWT' };
    const payload = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      azp: clientId,
      sub: user.id,
      ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
      name: user.name,
      iat: now,
      exp: now + 3600,
    };
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const signingInput = `${encode(header)}.${encode(payload)}`;
    const signature = sign('RSA-SHA256', Buffer.from(signingInput), privateKey).toString(
      'base64url',
    );
    return `${signingInput}.${signature}`;
  }

  /** Sends the browser back to the client with a code, or with the provider's denial. */
  function answerAuthorization(
    response: ServerResponse,
    provider: FakeProvider,
    params: Record<string, string>,
    consent: FakeConsent,
  ): void {
    const back = new URL(params.redirect_uri ?? '');
    if ('deny' in consent) {
      back.searchParams.set('error', 'access_denied');
      if (provider === 'kakao') back.searchParams.set('error_description', 'User denied access');
      if (provider === 'naver') back.searchParams.set('error_description', 'Canceled By User');
    } else {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        provider,
        clientId: params.client_id ?? '',
        redirectUri: params.redirect_uri ?? '',
        state: params.state ?? '',
        codeChallenge: params.code_challenge ?? null,
        user: consent.user,
        scope: params.scope ?? '',
        expiresAt: Date.now() + CODE_LIFETIME_MS,
        used: false,
      });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', params.state ?? '');
    redirect(response, back.toString());
  }

  /** The authorize request's problem, as the provider would refuse it, or null. */
  function authorizeProblem(provider: FakeProvider, params: Record<string, string>): string | null {
    if (params.response_type !== 'code') return 'unsupported_response_type';
    if (params.client_id !== clients[provider].clientId) return 'invalid_client';
    if (!params.redirect_uri) return 'redirect_uri is required';
    if (!params.state) return 'state is required';
    if (provider === 'google') {
      const scopes = (params.scope ?? '').split(' ');
      if (!scopes.includes('openid') || !scopes.includes('email')) return 'invalid_scope';
      if (!params.code_challenge || params.code_challenge_method !== 'S256') {
        return 'code_challenge with S256 is required';
      }
    }
    if (params.code_challenge && params.code_challenge_method !== 'S256') {
      return 'code_challenge_method must be S256';
    }
    return null;
  }

  function consentPage(provider: FakeProvider, params: Record<string, string>): string {
    const hidden = Object.entries(params)
      .map(
        ([name, value]) =>
          `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
      )
      .join('');
    const number = randomInt(1_000_000, 9_999_999);
    const defaultId = provider === 'kakao' ? String(number) : `${provider}-${number}`;
    return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>Fake ${provider} login</title></head>
<body><main><h1>Fake ${provider} 로그인 (테스트 전용)</h1>
<form method="post" action="/${provider}${paths[provider].authorize}/consent">${hidden}
<label>사용자 ID <input name="user_id" value="${defaultId}"></label>
<label>이메일 <input name="user_email" type="email"></label>
<label>이름 <input name="user_name"></label>
<label><input type="checkbox" name="user_email_verified" value="true" checked> 이메일 인증됨</label>
<button type="submit" name="decision" value="allow">동의하고 계속하기</button>
<button type="submit" name="decision" value="deny">취소</button>
</form></main></body></html>`;
  }

  function clientAuthOk(
    provider: FakeProvider,
    params: Record<string, string>,
    authorization: string | undefined,
  ): boolean {
    const client = clients[provider];
    if (provider === 'google' && authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      return decoded === `${client.clientId}:${client.clientSecret}`;
    }
    return params.client_id === client.clientId && params.client_secret === client.clientSecret;
  }

  function tokenError(
    response: ServerResponse,
    provider: FakeProvider,
    status: number,
    error: string,
    description: string,
  ): void {
    if (provider === 'naver') {
      // Naver's quirk: errors come with 200.
      sendJson(response, 200, { error, error_description: description });
    } else if (provider === 'kakao') {
      sendJson(response, status, { error, error_description: description, error_code: 'KOE320' });
    } else {
      sendJson(response, status, { error, error_description: description });
    }
  }

  function handleToken(
    response: ServerResponse,
    provider: FakeProvider,
    params: Record<string, string>,
    authorization: string | undefined,
  ): void {
    if (!clientAuthOk(provider, params, authorization)) {
      tokenError(response, provider, 401, 'invalid_client', 'Bad client credentials');
      return;
    }
    if (params.grant_type !== 'authorization_code') {
      tokenError(response, provider, 400, 'unsupported_grant_type', 'grant_type');
      return;
    }
    const issued = codes.get(params.code ?? '');
    if (
      !issued ||
      issued.used ||
      issued.provider !== provider ||
      issued.expiresAt < Date.now() ||
      issued.clientId !== clients[provider].clientId
    ) {
      tokenError(response, provider, 400, 'invalid_grant', 'authorization code not found');
      return;
    }
    // Google and Kakao compare the redirect_uri with the authorization's; Naver the state.
    if (provider !== 'naver' && params.redirect_uri !== issued.redirectUri) {
      tokenError(response, provider, 400, 'invalid_grant', 'redirect_uri mismatch');
      return;
    }
    if (provider === 'naver' && params.state !== issued.state) {
      tokenError(response, provider, 400, 'invalid_request', 'no valid data in session');
      return;
    }
    if (issued.codeChallenge !== null) {
      if (!params.code_verifier) {
        tokenError(response, provider, 400, 'invalid_grant', 'Missing code verifier.');
        return;
      }
      if (s256(params.code_verifier) !== issued.codeChallenge) {
        tokenError(response, provider, 400, 'invalid_grant', 'Invalid code verifier.');
        return;
      }
    }
    issued.used = true;
    const accessToken = `${provider}-at-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { provider, user: issued.user });
    if (provider === 'google') {
      sendJson(response, 200, {
        access_token: accessToken,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: issued.scope,
        id_token: idToken(issued.clientId, issued.user),
      });
    } else if (provider === 'kakao') {
      sendJson(response, 200, {
        token_type: 'bearer',
        access_token: accessToken,
        expires_in: 21599,
        refresh_token: randomBytes(24).toString('base64url'),
        refresh_token_expires_in: 5183999,
        scope: 'account_email profile_nickname',
      });
    } else {
      sendJson(response, 200, {
        access_token: accessToken,
        refresh_token: randomBytes(24).toString('base64url'),
        token_type: 'bearer',
        expires_in: '3600',
      });
    }
  }

  function handleUserInfo(
    response: ServerResponse,
    provider: FakeProvider,
    authorization: string | undefined,
  ): void {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const grant = accessTokens.get(token);
    if (!grant || grant.provider !== provider) {
      if (provider === 'google') sendJson(response, 401, { error: 'invalid_token' });
      else if (provider === 'kakao') {
        sendJson(response, 401, { msg: 'this access token does not exist', code: -401 });
      } else sendJson(response, 401, { resultcode: '024', message: 'Authentication failed' });
      return;
    }
    const { user } = grant;
    if (provider === 'google') {
      sendJson(response, 200, {
        sub: user.id,
        name: user.name,
        given_name: user.name,
        picture: 'https://example.invalid/photo.png',
        ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
      });
    } else if (provider === 'kakao') {
      sendJson(response, 200, {
        id: Number(user.id),
        connected_at: new Date().toISOString(),
        properties: { nickname: user.name },
        kakao_account: {
          profile_nickname_needs_agreement: false,
          profile: { nickname: user.name, is_default_nickname: false },
          has_email: user.email !== null,
          email_needs_agreement: user.email === null,
          ...(user.email
            ? { is_email_valid: true, is_email_verified: user.emailVerified, email: user.email }
            : {}),
        },
      });
    } else {
      sendJson(response, 200, {
        resultcode: '00',
        message: 'success',
        response: {
          id: user.id,
          nickname: user.name,
          name: user.name,
          ...(user.email ? { email: user.email } : {}),
        },
      });
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname === '/health') {
        sendJson(response, 200, { ok: true });
        return;
      }
      const [, prefix, ...rest] = url.pathname.split('/');
      const provider = providers.find((p) => p === prefix);
      if (!provider) {
        sendJson(response, 404, { error: 'not_found' });
        return;
      }
      const path = `/${rest.join('/')}`;
      const body = request.method === 'POST' ? await readBody(request) : '';
      const params: Record<string, string> = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      const authorization = request.headers.authorization;
      const route = paths[provider];
      const record = (endpoint: FakeOAuthRequest['endpoint']) =>
        requests.push({ provider, endpoint, params, authorization });

      if (path === route.authorize && request.method === 'GET') {
        record('authorize');
        const problem = authorizeProblem(provider, params);
        if (problem) {
          response.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' });
          response.end(problem);
          return;
        }
        const consent = queued[provider].shift();
        if (consent) {
          answerAuthorization(response, provider, params, consent);
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        response.end(consentPage(provider, params));
        return;
      }
      if (path === `${route.authorize}/consent` && request.method === 'POST') {
        record('consent');
        const { decision, user_id, user_email, user_name, user_email_verified, ...original } =
          params;
        if (authorizeProblem(provider, original)) {
          sendJson(response, 400, { error: 'invalid_request' });
          return;
        }
        const consent: FakeConsent =
          decision === 'allow'
            ? {
                user: {
                  id: user_id ?? '',
                  email: user_email ? user_email : null,
                  emailVerified: user_email_verified === 'true',
                  name: user_name ?? '',
                },
              }
            : { deny: true };
        answerAuthorization(response, provider, original, consent);
        return;
      }
      if (path === route.token && (request.method === 'POST' || provider === 'naver')) {
        record('token');
        handleToken(response, provider, params, authorization);
        return;
      }
      if (path === route.userinfo) {
        record('userinfo');
        handleUserInfo(response, provider, authorization);
        return;
      }
      sendJson(response, 404, { error: 'not_found' });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    baseUrl,
    clients,
    requests,
    env: () => fakeOAuthEnv(baseUrl),
    queueConsent(provider, consent) {
      queued[provider].push(consent);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
