import { LogIn, PenLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CommunityUser } from '../utils/ownership';

/**
 * 관람평 작성 / 기대평 작성 (buyer-side.md §6): the write button only for a logged-in user; a
 * visitor gets a login prompt in its place, which says '로그인이 필요합니다.' and goes to /login.
 */
export function WriteButton({
  user,
  label,
  onWrite,
  onLoginRequired,
}: {
  user: CommunityUser | null;
  /** '관람평 작성' or '기대평 작성'. */
  label: string;
  onWrite: () => void;
  onLoginRequired: () => void;
}) {
  if (!user) {
    return (
      <Button size="sm" variant="outline" onClick={onLoginRequired}>
        <LogIn className="size-4" aria-hidden />
        로그인하고 {label}
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={onWrite}>
      <PenLine className="size-4" aria-hidden />
      {label}
    </Button>
  );
}
