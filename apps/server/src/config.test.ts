import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'cc-config-'));

describe('loadConfig', () => {
  it('has working embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.publicBaseUrl).toBe('http://localhost:8080');
    expect(config.frontBaseUrl).toBe('http://localhost:8080');
    expect(config.pgliteDir).toBe(path.join(dir, 'db'));
    expect(config.secureCookies).toBe(false);
  });

  it('reads the push allow-list as origins, and refuses entries that are not origins', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).push.extraEndpointOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUSH_EXTRA_ENDPOINT_ORIGINS:
        ' https://Push.Corp.example:443 , http://127.0.0.1:*,https://p.example:8443',
    });
    expect(config.push.extraEndpointOrigins).toEqual([
      'https://push.corp.example',
      'http://127.0.0.1:*',
      'https://p.example:8443',
    ]);
    for (const bad of [
      'push.example.com',
      'https://p.example/path',
      'ftp://p.example',
      'https://',
    ]) {
      expect(
        () => loadConfig({ DATA_DIR: tempDir(), PUSH_EXTRA_ENDPOINT_ORIGINS: bad }),
        bad,
      ).toThrow(/PUSH_EXTRA_ENDPOINT_ORIGINS/);
    }
  });

  it('keeps account mail in the outbox unless SMTP_URL names an smtp:// or smtps:// server', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mail).toEqual({
      smtpUrl: undefined,
      from: '커튼콜 <no-reply@curtaincall.invalid>',
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: '커튼콜 <no-reply@example.com>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: '커튼콜 <no-reply@example.com>',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), SMTP_URL: '' }).mail.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL/,
    );
  });

  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('lists every bad value at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        PUBLIC_BASE_URL: 'ftp://x',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_BASE_URL']) {
      expect(problems).toContain(name);
    }
  });

  it('leaves SESSION_SECRET to the shared database on PostgreSQL, and turns demo data off', () => {
    const dir = tempDir();
    const shared = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/db' });
    expect(shared.sessionSecret).toBeUndefined();
    // Not written to this instance's disk: other instances could never read it there.
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(false);
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://localhost/db',
      REDIS_URL: 'redis://localhost:6379',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(config.sessionSecret).toBe('x'.repeat(32));
    expect(config.demoData).toBe(false);
    expect(config.redisUrl).toBe('redis://localhost:6379');
  });

  it('uses secure cookies behind an https public URL and strips trailing slashes', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_BASE_URL: 'https://tickets.example.com/',
    });
    expect(config.publicBaseUrl).toBe('https://tickets.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('keeps files on local disk unless STORAGE_DRIVER=s3', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toEqual({ driver: 'local' });
  });

  it('reads the S3 settings with their defaults; empty values count as unset', () => {
    const aws = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_BASE_URL: 'https://tickets.example.com',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'curtaincall-files',
      S3_ENDPOINT: '',
      S3_REGION: '',
      S3_PUBLIC_BASE_URL: '',
    });
    expect(aws.storage).toEqual({
      driver: 's3',
      bucket: 'curtaincall-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      publicBaseUrl: 'https://tickets.example.com/uploads',
      servedByApp: true,
      privateUrlTtlSeconds: 300,
    });
    const minio = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'curtaincall',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_BASE_URL: 'https://files.example.com/',
      S3_PRIVATE_URL_TTL_SECONDS: '60',
    });
    expect(minio.storage).toEqual({
      driver: 's3',
      bucket: 'curtaincall',
      region: 'auto',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicBaseUrl: 'https://files.example.com/public',
      servedByApp: false,
      privateUrlTtlSeconds: 60,
    });
    const virtualHosted = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'curtaincall',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHosted.storage).toMatchObject({ forcePathStyle: false });
  });

  it('lists every S3 problem together with the others', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'minio:9000',
        S3_ACCESS_KEY_ID: 'key-without-secret',
        S3_FORCE_PATH_STYLE: 'sometimes',
        S3_PRIVATE_URL_TTL_SECONDS: '0',
        S3_PUBLIC_BASE_URL: 'ftp://files',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'S3_PRIVATE_URL_TTL_SECONDS',
      'S3_PUBLIC_BASE_URL',
    ]) {
      expect(problems).toContain(name);
    }
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), STORAGE_DRIVER: 's3', S3_BUCKET: 'Not_A_Bucket' }),
    ).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_DRIVER: 'ftp' })).toThrow(
      /STORAGE_DRIVER/,
    );
  });
});

describe('social login settings', () => {
  it('leaves every provider off without credentials, with the real endpoints as defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.social).toEqual({ google: null, kakao: null, naver: null });
    const kakao = loadConfig({ DATA_DIR: tempDir(), KAKAO_CLIENT_ID: 'rest-api-key' }).social.kakao;
    expect(kakao).toEqual({
      clientId: 'rest-api-key',
      clientSecret: null,
      authUrl: 'https://kauth.kakao.com/oauth/authorize',
      tokenUrl: 'https://kauth.kakao.com/oauth/token',
      userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
    });
  });

  it('refuses half a setup and plain http outside loopback', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID 에는 CLIENT_SECRET이 필요합니다.',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), NAVER_CLIENT_SECRET: 'secret' })).toThrow(
      'NAVER_CLIENT_ID',
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NAVER_TOKEN_URL: 'http://idp.example.com/token' }),
    ).toThrow(ConfigError);
    const local = loadConfig({
      DATA_DIR: tempDir(),
      NAVER_CLIENT_ID: 'id',
      NAVER_CLIENT_SECRET: 'secret',
      NAVER_TOKEN_URL: 'http://127.0.0.1:9999/naver/oauth2.0/token/',
    });
    expect(local.social.naver?.tokenUrl).toBe('http://127.0.0.1:9999/naver/oauth2.0/token');
  });
});
