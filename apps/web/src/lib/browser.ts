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
