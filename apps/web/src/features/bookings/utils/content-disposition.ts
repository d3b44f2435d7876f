function decodeExtended(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` (UTF-8) wins over
 * the plain `filename`. Folder parts are dropped, so a name never points elsewhere.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  const quoted = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1];
  const plain = /filename\s*=\s*([^;"\s]+)/i.exec(header)?.[1];
  const name = (extended && decodeExtended(extended)) || quoted || plain;
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base || null;
}
