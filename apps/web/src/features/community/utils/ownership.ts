/** The logged-in user as reviews and expectations need them: the author's id and nickname. */
export interface CommunityUser {
  userId: number;
  nickname: string;
}

/**
 * Edit and delete show only on the viewer's own items: a strict comparison of numeric ids
 * (api-contract.md §4), never of nicknames.
 */
export function isOwnItem(user: CommunityUser | null, item: { userId: number }): boolean {
  return user !== null && typeof item.userId === 'number' && item.userId === user.userId;
}
