/**
 * The few browser calls that leave the app (a blocking alert, a full page load), behind one
 * object so tests can replace them with `vi.spyOn(browser, 'alert')`.
 */
export const browser = {
  /** A blocking alert, where the spec says "alert" (queue refusals, expired access keys). */
  alert(message: string): void {
    window.alert(message);
  },
  /** A hard navigation: the app restarts at `url` with fresh state. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * 'smooth' unless the user asked the system for less motion (then an instant jump), for the
 * app's own scrolls; CSS cannot reach a behaviour passed to scrollTo/scrollIntoView.
 */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
