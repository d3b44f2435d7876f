import { clsx } from 'clsx';
import { socialMessages, type SocialProvider } from '@curtaincall/contracts';
import { Info } from 'lucide-react';
import { useId, type ComponentType } from 'react';
import { socialAuthorizationUrl } from '@/lib/social-login';
import { useSocialProviders } from '../api/get-social-providers';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
      />
    </svg>
  );
}

function KakaoIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <path
        fill="#191919"
        d="M12 3C6.5 3 2 6.5 2 10.8c0 2.8 1.9 5.2 4.7 6.6l-1 3.6c-.1.3.3.6.6.4l4.3-2.8c.5.1 1 .1 1.4.1 5.5 0 10-3.5 10-7.9S17.5 3 12 3z"
      />
    </svg>
  );
}

function NaverIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path fill="currentColor" d="M16.3 12.8 7.4 0H0v24h7.7V11.2L16.6 24H24V0h-7.7z" />
    </svg>
  );
}

const providers: { id: SocialProvider; label: string; className: string; icon: ComponentType }[] = [
  {
    id: 'google',
    label: 'Google로 계속하기',
    className: 'bg-white text-zinc-900 hover:bg-zinc-100',
    icon: GoogleIcon,
  },
  {
    id: 'kakao',
    label: '카카오로 계속하기',
    className: 'bg-[#FEE500] text-[#191919] hover:bg-[#f5dc00]',
    icon: KakaoIcon,
  },
  {
    id: 'naver',
    label: '네이버로 계속하기',
    className: 'bg-[#03C75A] text-zinc-950 hover:bg-[#02b351]',
    icon: NaverIcon,
  },
];

const buttonClass =
  'relative flex h-12 w-full items-center justify-center gap-2 rounded-xl text-sm font-semibold transition-colors';

function ProviderButton({
  provider,
  enabled,
}: {
  provider: (typeof providers)[number];
  enabled: boolean;
}) {
  const hintId = useId();
  const { id, label, className, icon: Icon } = provider;
  const content = (
    <>
      <span className="absolute left-4 flex size-6 items-center justify-center">
        <Icon />
      </span>
      {label}
    </>
  );
  if (enabled) {
    // A full navigation: the server answers with a redirect to the provider (api-contract §2.6).
    return (
      <a
        href={socialAuthorizationUrl(id)}
        data-provider={id}
        className={clsx(buttonClass, className)}
      >
        {content}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        data-provider={id}
        disabled
        aria-describedby={hintId}
        className={clsx(buttonClass, className, 'cursor-not-allowed opacity-50')}
      >
        {content}
      </button>
      <p id={hintId} className="mt-1.5 flex items-start gap-1.5 text-xs text-amber-200/90">
        <Info className="mt-px size-3.5 shrink-0" aria-hidden />
        {socialMessages.disabledHint(id)}
      </p>
    </>
  );
}

/**
 * Google, Kakao and Naver. A provider the server has no credentials for is shown disabled with a
 * Korean hint (product-rules §10); until the server has answered, every button works (a provider
 * without credentials then sends the browser back to /login with the same message).
 */
export function SocialLoginButtons() {
  const statuses = useSocialProviders();
  const isEnabled = (id: SocialProvider) =>
    statuses.data?.find((status) => status.provider === id)?.enabled ?? true;
  return (
    <ul className="flex flex-col gap-2.5">
      {providers.map((provider) => (
        <li key={provider.id}>
          <ProviderButton provider={provider} enabled={isEnabled(provider.id)} />
        </li>
      ))}
    </ul>
  );
}
