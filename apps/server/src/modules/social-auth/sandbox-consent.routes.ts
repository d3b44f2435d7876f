import {
  SOCIAL_ERROR_QUERY,
  socialProviderLabels,
  socialProviderParamsSchema,
  type SocialProvider,
} from '@curtaincall/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isSandboxVerifiableEmail,
  sandboxPresetIdentities,
  type SandboxIdentity,
  type SandboxOAuthIssuer,
} from '../../adapters/oauth-provider/sandbox-oauth-provider';

/**
 * The sandbox identity provider's consent page (adapters/oauth-provider/sandbox-oauth-provider.ts):
 * served by our server under `/oauth2/sandbox/{provider}`, marked on every line as a test, never
 * registered for a provider with credentials. 계속하기 sends the browser to the real callback with
 * a code and the login's state; 취소 sends `error=access_denied`, as a provider does.
 * No script: a plain form, so the site's CSP stays strict.
 */
const consentQuerySchema = z
  .object({
    state: z.string().min(1).max(512),
    code_challenge: z.string().min(1).max(128),
    code_challenge_method: z.literal('S256').optional(),
  })
  .meta({
    examples: [
      {
        state: 'dGhlLXN0YXRlLW9mLXRoaXMtbG9naW4',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
    ],
  });

const consentFormSchema = z
  .object({
    state: z.string().min(1).max(512),
    code_challenge: z.string().min(1).max(128),
    /** A preset's key, `custom` (the typed identity) or `deny` (취소). */
    choice: z.string().max(32).default(''),
    name: z.string().max(100).default(''),
    email: z.string().max(254).default(''),
    verified: z.string().max(8).optional(),
  })
  .meta({
    examples: [
      {
        state: 'dGhlLXN0YXRlLW9mLXRoaXMtbG9naW4',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        choice: 'custom',
        name: '테스트 관객',
        email: 'me@example.com',
        verified: 'yes',
      },
    ],
  });
type ConsentForm = z.infer<typeof consentFormSchema>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The typed identity, or the Korean reason it cannot be used. */
function customIdentity(form: ConsentForm): SandboxIdentity | { error: string } {
  const name = form.name.trim();
  const email = form.email.trim().toLowerCase();
  const verified = form.verified === 'yes';
  if (!name) return { error: '이름을 입력해주세요.' };
  if (email && !emailPattern.test(email)) return { error: '이메일 형식을 확인해주세요.' };
  if (verified && !email) return { error: '인증된 이메일로 표시하려면 이메일을 입력해주세요.' };
  if (verified && !isSandboxVerifiableEmail(email)) {
    return {
      error:
        '인증된 이메일은 테스트용 주소(@example.com 또는 .test 도메인)만 가능합니다. 실제 주소는 인증 안 됨으로 선택하세요.',
    };
  }
  return { name, email: email || null, emailVerified: verified };
}

function renderPage(
  provider: SocialProvider,
  values: Pick<ConsentForm, 'state' | 'code_challenge'> & Partial<ConsentForm>,
  error?: string,
): string {
  const e = escapeHtml;
  const label = socialProviderLabels[provider];
  const selected = values.choice || sandboxPresetIdentities[0]?.key;
  const presets = sandboxPresetIdentities
    .map((preset) => {
      const detail = preset.email
        ? `${preset.email} · ${preset.emailVerified ? '이메일 인증됨' : '이메일 인증 안 됨'}`
        : '이메일 제공 안 함';
      return `<label class="choice"><input type="radio" name="choice" value="${preset.key}"${
        selected === preset.key ? ' checked' : ''
      }><span><strong>${e(preset.name)}</strong><small>${e(detail)}</small></span></label>`;
    })
    .join('');
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(label)} 테스트 로그인 - 커튼콜</title>
<style>${pageCss}</style>
</head>
<body>
<main class="window" aria-labelledby="title">
  <p class="banner" role="note">테스트 로그인 — 실제 ${e(label)} 계정이 아닙니다</p>
  <h1 id="title">${e(label)} 테스트 로그인</h1>
  <p class="lead">이 서버에는 ${e(label)} 로그인 설정이 없어 커튼콜이 만든 테스트 화면이 대신 열렸습니다. 가입 완료와 계정 연결을 그대로 체험할 수 있고, ${e(label)}에는 아무 정보도 전달되지 않습니다.</p>
  ${error ? `<p class="error" role="alert">${e(error)}</p>` : ''}
  <form method="post" action="/oauth2/sandbox/${provider}">
    <input type="hidden" name="state" value="${e(values.state)}">
    <input type="hidden" name="code_challenge" value="${e(values.code_challenge)}">
    <fieldset>
      <legend>로그인할 테스트 사용자</legend>
      ${presets}
      <label class="choice"><input type="radio" name="choice" value="custom"${
        selected === 'custom' ? ' checked' : ''
      }><span><strong>직접 입력</strong><small>아래에 이름과 이메일을 입력합니다</small></span></label>
    </fieldset>
    <fieldset class="custom">
      <legend>직접 입력</legend>
      <label>이름<input name="name" autocomplete="off" maxlength="100" value="${e(values.name ?? '')}"></label>
      <label>이메일 (선택)<input name="email" type="email" autocomplete="off" maxlength="254" value="${e(values.email ?? '')}"></label>
      <label class="check"><input type="checkbox" name="verified" value="yes"${
        values.verified === 'yes' ? ' checked' : ''
      }>이메일 인증됨 (테스트용 주소만)</label>
    </fieldset>
    <button type="submit" class="primary">동의하고 계속하기</button>
    <button type="submit" class="secondary" name="choice" value="deny" formnovalidate>취소</button>
  </form>
</main>
</body>
</html>`;
}

/** Light like a provider's page, with contrast of at least 4.5:1 on every text. */
const pageCss = `
:root { color-scheme: light; font-family: system-ui, 'Noto Sans KR', 'NanumGothic', sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f6; color: #191f28; }
.window { width: min(460px, 100vw); box-sizing: border-box; background: #fff; border-radius: 16px; padding: 24px; box-shadow: 0 12px 40px rgba(0,0,0,.12); }
.banner { margin: 0 0 16px; padding: 10px 12px; border-radius: 10px; background: #fff4d1; color: #6b4500; border: 2px dashed #b7791f; font-weight: 700; font-size: 15px; }
h1 { font-size: 22px; margin: 0 0 8px; }
.lead { margin: 0 0 16px; font-size: 14px; line-height: 1.6; color: #4e5968; }
form { display: grid; gap: 14px; }
fieldset { margin: 0; padding: 12px; border: 1px solid #d1d6db; border-radius: 12px; display: grid; gap: 8px; }
legend { padding: 0 6px; font-weight: 700; font-size: 15px; }
.choice { display: flex; gap: 10px; align-items: flex-start; padding: 8px; border-radius: 10px; cursor: pointer; }
.choice:hover { background: #f5f7fa; }
.choice span { display: grid; gap: 2px; }
.choice small { color: #4e5968; font-size: 13px; }
.custom label { display: grid; gap: 6px; font-size: 14px; color: #333d4b; }
.custom .check { display: flex; align-items: center; gap: 8px; }
input[type=radio], input[type=checkbox] { width: 20px; height: 20px; margin: 2px 0 0; accent-color: #1b64da; }
input:not([type]), input[type=email] { font: inherit; padding: 12px; border: 1px solid #8b95a1; border-radius: 10px; }
button { font: inherit; padding: 14px; border-radius: 12px; border: 0; cursor: pointer; }
.primary { background: #1b64da; color: #fff; font-weight: 700; }
.secondary { background: #e5e8eb; color: #333d4b; }
:focus-visible { outline: 3px solid #1b64da; outline-offset: 2px; }
.error { background: #ffeeee; color: #b0141f; padding: 10px 12px; border-radius: 10px; margin: 0 0 12px; }
`;

export const sandboxConsentRoutes: FastifyPluginAsyncZod<{
  /** Only the providers that run on the sandbox (no credentials, and the operator allows it). */
  providers: SocialProvider[];
  issuer: SandboxOAuthIssuer;
  /** The server's own origin: the callback is ours, never taken from the page. */
  publicBaseUrl: string;
  frontBaseUrl: string;
}> = async (app, { providers, issuer, publicBaseUrl, frontBaseUrl }) => {
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  const callbackUrl = (provider: SocialProvider, query: Record<string, string>) =>
    `${publicBaseUrl}/login/oauth2/code/${provider}?${new URLSearchParams(query).toString()}`;
  const notSandboxed = (reply: FastifyReply) =>
    // A provider with credentials has no test page: the real provider is the only way in.
    reply.redirect(`${frontBaseUrl}/login?${SOCIAL_ERROR_QUERY}=not_configured`, 302);

  app.get(
    '/oauth2/sandbox/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '테스트 로그인 동의 화면 (자격 증명이 없는 제공자 대신, OAUTH_SANDBOX)',
        params: socialProviderParamsSchema,
        querystring: consentQuerySchema,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!providers.includes(provider)) return notSandboxed(reply);
      return sendPage(reply, 200, renderPage(provider, request.query));
    },
  );

  app.post(
    '/oauth2/sandbox/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: '테스트 로그인 동의 (제공자 콜백으로 code, state 와 함께 이동)',
        params: socialProviderParamsSchema,
        body: consentFormSchema,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!providers.includes(provider)) return notSandboxed(reply);
      const form = request.body;
      if (form.choice === 'deny') {
        return reply.redirect(
          callbackUrl(provider, { error: 'access_denied', state: form.state }),
          302,
        );
      }
      const preset = sandboxPresetIdentities.find((p) => p.key === form.choice);
      const identity: SandboxIdentity | { error: string } = preset
        ? { name: preset.name, email: preset.email, emailVerified: preset.emailVerified }
        : form.choice === 'custom'
          ? customIdentity(form)
          : { error: '로그인할 테스트 사용자를 선택해주세요.' };
      if ('error' in identity)
        return sendPage(reply, 400, renderPage(provider, form, identity.error));
      const code = issuer.issueCode({
        provider,
        state: form.state,
        codeChallenge: form.code_challenge,
        identity,
      });
      return reply.redirect(callbackUrl(provider, { code, state: form.state }), 302);
    },
  );
};
