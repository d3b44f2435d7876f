/** A query value as the result pages use it: trimmed, and null when absent or blank. */
export function readParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}
