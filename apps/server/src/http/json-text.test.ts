import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './json-text';

describe('acceptsGzip', () => {
  it('accepts gzip named with a positive quality, or through *', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
  });

  it('refuses a missing header, identity only, q=0 and unreadable qualities', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=1, gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=abc')).toBe(false);
  });
});
