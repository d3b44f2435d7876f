import type { SocialProvider } from '@curtaincall/contracts';
import { API_BASE } from './api-client';

/**
 * The OAuth entry (api-contract.md §1.1): the API base without its trailing `/api`, then
 * `/oauth2/authorization/{provider}`; `link` attaches the provider to the logged-in account.
 * A full navigation, not a fetch: the server answers with a redirect to the provider.
 */
export function socialAuthorizationUrl(provider: SocialProvider, intent?: 'link'): string {
  const root = API_BASE.replace(/\/api$/, '');
  return `${root}/oauth2/authorization/${provider}${intent ? `?intent=${intent}` : ''}`;
}
