import type { AuthUser } from '../auth/auth.policy';

/** Only the author edits a review or expectation (api-contract.md §4-5). */
export function canEditPost(user: AuthUser, post: { userId: number }): boolean {
  return post.userId === user.id;
}

/** The author deletes; an admin may delete anyone's (moderation). */
export function canDeletePost(user: AuthUser, post: { userId: number }): boolean {
  return post.userId === user.id || user.role === 'ROLE_ADMIN';
}

/** A body `userId` is only ever compared with the session user, never trusted (contract §14.1). */
export function claimsToBeUser(user: AuthUser, bodyUserId: number): boolean {
  return bodyUserId === user.id;
}
