import type { SocialProvider } from '@curtaincall/contracts';
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
