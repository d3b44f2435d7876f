import { socialProviderSchema, type SocialProvider } from '@curtaincall/contracts';
import type { AppConfig } from '../../config';
import { createGoogleOAuthProvider } from './google-oauth-provider';
import { createKakaoOAuthProvider } from './kakao-oauth-provider';
import { createNaverOAuthProvider } from './naver-oauth-provider';
import type { OAuthProviderPort } from './oauth-provider';

/** The callback URL registered with every provider (api-contract.md §2.6 step 2). */
export function socialRedirectUri(publicBaseUrl: string, provider: SocialProvider): string {
  return `${publicBaseUrl}/login/oauth2/code/${provider}`;
}

/** One adapter per provider with credentials; a provider without them is absent (disabled). */
export function createOAuthProviders(
  config: Pick<AppConfig, 'social' | 'publicBaseUrl'>,
): Partial<Record<SocialProvider, OAuthProviderPort>> {
  const { google, kakao, naver } = config.social;
  const uri = (provider: SocialProvider) => socialRedirectUri(config.publicBaseUrl, provider);
  return {
    ...(google ? { google: createGoogleOAuthProvider(google, uri('google')) } : {}),
    ...(kakao ? { kakao: createKakaoOAuthProvider(kakao, uri('kakao')) } : {}),
    ...(naver ? { naver: createNaverOAuthProvider(naver, uri('naver')) } : {}),
  };
}

/**
 * The providers the app runs: the real ones, and for each provider without credentials the
 * sandbox's test consent page when the operator allows it (`OAUTH_SANDBOX`). A provider with
 * credentials always stays real. `sandboxed` lists the ones the sandbox stands in for.
 */
export function withSandboxProviders(
  real: Partial<Record<SocialProvider, OAuthProviderPort>>,
  sandbox: { provider(provider: SocialProvider): OAuthProviderPort } | null,
): { providers: Partial<Record<SocialProvider, OAuthProviderPort>>; sandboxed: SocialProvider[] } {
  const sandboxed = sandbox
    ? socialProviderSchema.options.filter((provider) => !real[provider])
    : [];
  const providers = { ...real };
  for (const provider of sandboxed) providers[provider] = sandbox?.provider(provider);
  return { providers, sandboxed };
}
