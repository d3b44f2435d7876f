import { Signer } from '@fastify/cookie';
import {
  envelopeSchema,
  messageEnvelopeSchema,
  SOCIAL_ERROR_QUERY,
  SOCIAL_LINKED_QUERY,
  socialAccountsSchema,
  socialAuthorizationQuerySchema,
  socialCallbackQuerySchema,
  socialMessages,
  socialProviderParamsSchema,
  socialProviderSchema,
  socialProvidersSchema,
  type SocialErrorReason,
} from '@curtaincall/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireUser } from '../../http/guards';
import type { CallbackOutcome, OAuthAttempt, SocialAuthService } from './social-auth.service';
import { OAUTH_ATTEMPT_MS } from './social-auth.service';

/** The short-lived cookie holding a started login's state and PKCE verifier (signed). */
export const OAUTH_COOKIE = 'cc_oauth';
/** Sent only to the callback, where it is read. */
const OAUTH_COOKIE_PATH = '/login/oauth2/code';

const attemptSchema = z.object({
  provider: socialProviderSchema,
  state: z.string(),
  codeVerifier: z.string().nullable(),
  linkUserId: z.number().int().nullable(),
  expiresAt: z.number(),
});

interface SocialRouteOptions {
  social: SocialAuthService;
  frontBaseUrl: string;
  secret: string;
  secureCookies: boolean;
}

function sessionUserId(request: FastifyRequest): number | null {
  const userId = request.session?.userId;
  return typeof userId === 'number' ? userId : null;
}

/**
 * The browser navigations of api-contract.md §2.6, outside `/api`: `/oauth2/authorization/{p}`
 * sends the browser to the provider, `/login/oauth2/code/{p}` is the callback registered with it.
 * Every ending is a 302 to the web app: `/` (logged in), `/register?error=need_signup`,
 * `/mypage/profile?linked=` (linked), or `/login` / `/mypage/profile` with `socialError={reason}`.
 */
export const socialAuthRoutes: FastifyPluginAsyncZod<SocialRouteOptions> = async (
  app,
  { social, frontBaseUrl, secret, secureCookies },
) => {
  const signer = new Signer(secret, 'sha256');
  const cookieOptions = {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
    sameSite: 'lax' as const,
    secure: secureCookies,
    path: OAUTH_COOKIE_PATH,
  };

  function readAttempt(request: FastifyRequest): OAuthAttempt | null {
    const raw = request.cookies[OAUTH_COOKIE];
    if (!raw) return null;
    const unsigned = signer.unsign(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const parsed = attemptSchema.safeParse(
        JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function failTo(reply: FastifyReply, reason: SocialErrorReason, linking: boolean) {
    const page = linking ? '/mypage/profile' : '/login';
    return reply.redirect(`${frontBaseUrl}${page}?${SOCIAL_ERROR_QUERY}=${reason}`, 302);
  }

  app.get(
    '/oauth2/authorization/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 로그인 시작 (브라우저 이동; intent=link 는 로그인한 계정에 연결)',
        params: socialProviderParamsSchema,
        querystring: socialAuthorizationQuerySchema,
      },
    },
    async (request, reply) => {
      const linking = request.query.intent === 'link';
      const userId = sessionUserId(request);
      if (linking && userId === null) return failTo(reply, 'login_required', false);
      const started = social.startAuthorization(request.params.provider, linking ? userId : null);
      if ('reason' in started) return failTo(reply, started.reason, linking);
      const value = Buffer.from(JSON.stringify(started.attempt)).toString('base64url');
      reply.setCookie(OAUTH_COOKIE, signer.sign(value), {
        ...cookieOptions,
        maxAge: OAUTH_ATTEMPT_MS / 1000,
      });
      return reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/login/oauth2/code/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 로그인 콜백 (제공자가 code, state 와 함께 돌려보냄)',
        params: socialProviderParamsSchema,
        querystring: socialCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const attempt = readAttempt(request);
      // One use only: whatever happens next, this attempt is over.
      reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
      const outcome: CallbackOutcome = await social.completeCallback({
        provider: request.params.provider,
        query: request.query,
        attempt,
        sessionUserId: sessionUserId(request),
      });
      switch (outcome.kind) {
        case 'login':
          // A new session id at login, as with a password (api-contract.md §2.1).
          await request.session.regenerate();
          request.session.userId = outcome.userId;
          request.session.touchedAt = Date.now();
          return reply.redirect(`${frontBaseUrl}/`, 302);
        case 'signup':
          await request.session.regenerate();
          request.session.socialSignup = outcome.pending;
          return reply.redirect(`${frontBaseUrl}/register?error=need_signup`, 302);
        case 'linked':
          return reply.redirect(
            `${frontBaseUrl}/mypage/profile?${SOCIAL_LINKED_QUERY}=${outcome.provider}`,
            302,
          );
        case 'failed':
          return failTo(reply, outcome.reason, outcome.linking);
      }
    },
  );
};

/** The JSON calls under `/api`: which providers work, and my page's linked accounts. */
export const socialAccountsRoutes: FastifyPluginAsyncZod<{ social: SocialAuthService }> = async (
  app,
  { social },
) => {
  app.get(
    '/auth/social/providers',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 로그인 제공자별 사용 가능 여부',
        response: { 200: envelopeSchema(socialProvidersSchema) },
      },
    },
    async () => ({ success: true as const, data: social.providerStatuses() }),
  );

  app.get(
    '/mypage/social-accounts',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '연결된 소셜 계정',
        response: { 200: envelopeSchema(socialAccountsSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, data: await social.listAccounts(user.id) };
    },
  );

  app.delete(
    '/mypage/social-accounts/:provider',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '소셜 계정 연결 해제 (마지막 로그인 수단은 해제할 수 없음)',
        params: socialProviderParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await social.unlink(user.id, request.params.provider);
      return {
        success: true as const,
        message: socialMessages.unlinked(request.params.provider),
      };
    },
  );
};
