import {
  SOCIAL_ERROR_QUERY,
  socialErrorMessages,
  socialErrorReasonSchema,
} from '@curtaincall/contracts';
import { CircleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';

/**
 * Why a social login came back to this page (`?socialError=`, api-contract §2.6 step 3c): only
 * known reasons are shown, with the contract's Korean text; anything else in the URL is ignored.
 */
export function SocialErrorNotice() {
  const [searchParams] = useSearchParams();
  const parsed = socialErrorReasonSchema.safeParse(searchParams.get(SOCIAL_ERROR_QUERY));
  if (!parsed.success) return null;
  return (
    <p
      role="alert"
      className="mb-5 flex items-start gap-2 rounded-xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {socialErrorMessages[parsed.data]}
    </p>
  );
}
