import { useEffect, useState } from 'react';

/** How long the poster URL test waits for the image (seller-admin-side.md §9). */
export const imageCheckTimeoutMs = 5_000;

export type ImageCheck = 'none' | 'checking' | 'ok' | 'failed' | 'timeout';

export const imageCheckMessages: Partial<Record<ImageCheck, string>> = {
  failed: '이미지를 불러올 수 없습니다. 주소를 확인해주세요.',
  timeout: '이미지를 불러오는 데 5초 넘게 걸려 확인하지 못했습니다.',
};

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether a poster URL loads as an image, given up after 5 s. Only a hint under the preview:
 * the URL's shape is what the form validates.
 */
export function useImageCheck(url: string): ImageCheck {
  const usable = isHttpUrl(url);
  const [result, setResult] = useState<{ url: string; check: ImageCheck } | null>(null);

  useEffect(() => {
    if (!usable) return;
    let settled = false;
    const image = new Image();
    const finish = (check: ImageCheck) => {
      if (settled) return;
      settled = true;
      setResult({ url, check });
    };
    const timer = setTimeout(() => finish('timeout'), imageCheckTimeoutMs);
    image.onload = () => finish('ok');
    image.onerror = () => finish('failed');
    image.src = url;
    return () => {
      settled = true;
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
    };
  }, [url, usable]);

  if (!usable) return 'none';
  return result?.url === url ? result.check : 'checking';
}
