import { z } from 'zod';
import './zod-setup';
import { socialProviderSchema, type SocialProvider } from './enums';

/** How each provider is named in Korean texts. */
export const socialProviderLabels = {
  google: 'Google',
  kakao: '카카오',
  naver: '네이버',
} as const satisfies Record<SocialProvider, string>;

/**
 * Why a social login or link did not finish. The OAuth callback redirects the browser to
 * `/login?socialError={reason}` (or `/mypage/profile?socialError=` when linking), and the page
 * shows the Korean text below: only a known reason travels in the URL, never free text.
 */
export const socialErrorReasonSchema = z.enum([
  'not_configured',
  'state_mismatch',
  'access_denied',
  'token_failed',
  'profile_failed',
  'no_email',
  'email_unverified',
  'already_linked_elsewhere',
  'provider_already_linked',
  'login_required',
  'account_email_unverified',
]);
export type SocialErrorReason = z.infer<typeof socialErrorReasonSchema>;

export const socialErrorMessages = {
  not_configured: '이 소셜 로그인은 설정되지 않아 지금은 사용할 수 없습니다.',
  state_mismatch: '소셜 로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해주세요.',
  access_denied: '소셜 로그인이 취소되었습니다.',
  token_failed: '소셜 로그인 인증에 실패했습니다. 잠시 후 다시 시도해주세요.',
  profile_failed: '소셜 계정 정보를 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  no_email: '이메일 제공에 동의해야 소셜 로그인을 사용할 수 있습니다.',
  email_unverified:
    '인증된 이메일이 없는 소셜 계정입니다. 이미 가입하셨다면 아이디로 로그인한 뒤 마이페이지에서 연결해주세요.',
  already_linked_elsewhere: '이미 다른 커튼콜 계정에 연결된 소셜 계정입니다.',
  provider_already_linked: '이 계정에는 이미 같은 서비스의 다른 소셜 계정이 연결되어 있습니다.',
  login_required: '소셜 계정을 연결하려면 먼저 로그인해주세요.',
  account_email_unverified:
    '이 이메일로 가입된 커튼콜 계정이 있지만 이메일 인증이 완료되지 않았습니다. 기존 계정으로 로그인한 뒤 마이페이지에서 소셜 계정을 연결해주세요. 비밀번호가 기억나지 않으면 비밀번호 찾기를 이용해주세요.',
} as const satisfies Record<SocialErrorReason, string>;

/** The query a social failure redirect carries (`socialError`), and the success of a link (`linked`). */
export const SOCIAL_ERROR_QUERY = 'socialError';
export const SOCIAL_LINKED_QUERY = 'linked';

export const socialMessages = {
  linked: (provider: SocialProvider) => `${socialProviderLabels[provider]} 계정이 연결되었습니다.`,
  unlinked: (provider: SocialProvider) =>
    `${socialProviderLabels[provider]} 계정 연결이 해제되었습니다.`,
  /** The hint under a provider button whose credentials are not configured on the server. */
  disabledHint: (provider: SocialProvider) =>
    `${socialProviderLabels[provider]} 로그인은 서버에 설정되지 않아 지금은 사용할 수 없습니다.`,
  needSignup: '소셜 로그인 회원가입 필요',
} as const;

/** `GET /auth/social/providers`: which provider buttons work (credentials configured). */
export const socialProviderStatusSchema = z.object({
  provider: socialProviderSchema,
  enabled: z.boolean(),
});
export type SocialProviderStatus = z.infer<typeof socialProviderStatusSchema>;
export const socialProvidersSchema = z.array(socialProviderStatusSchema);

/** `GET /mypage/social-accounts`: one entry per provider, linked or not. */
export const linkedSocialAccountSchema = z.object({
  provider: socialProviderSchema,
  enabled: z.boolean(),
  linked: z.boolean(),
  /** The e-mail the provider gave when it was linked (may differ from the account's). */
  email: z.string().nullable(),
  /** When it was linked (Asia/Seoul `YYYY-MM-DDTHH:mm:ss`), or null. */
  linkedAt: z.string().nullable(),
});
export type LinkedSocialAccount = z.infer<typeof linkedSocialAccountSchema>;

export const socialAccountsSchema = z.object({
  /** Whether the account can log in with a password (then every provider may be unlinked). */
  hasPassword: z.boolean(),
  accounts: z.array(linkedSocialAccountSchema),
});
export type SocialAccounts = z.infer<typeof socialAccountsSchema>;

const providerMessage = '소셜 로그인 서비스는 google, kakao, naver 중 하나여야 합니다.';

/** The `{provider}` path parameter of the OAuth and unlink routes. */
export const socialProviderParamsSchema = z.object({
  provider: z.enum(['google', 'kakao', 'naver'], { error: providerMessage }),
});

/** `GET /oauth2/authorization/{provider}?intent=link`: link to the logged-in account. */
export const socialAuthorizationQuerySchema = z.object({
  intent: z.enum(['login', 'link'], { error: 'intent는 login 또는 link여야 합니다.' }).optional(),
});

/** The provider's redirect back: `code` and `state`, or `error` (denied consent). */
export const socialCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
