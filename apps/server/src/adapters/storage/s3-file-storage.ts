import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Clock } from '../../lib/clock';
import {
  assertStorageKey,
  type FileStoragePort,
  type PrivateFileStoragePort,
  type StoredObject,
} from './file-storage';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** Absent for AWS S3 itself; the service URL of MinIO, Cloudflare R2 and the like. */
  endpoint?: string;
  /** Both or neither: without them the SDK's own chain applies (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /**
   * Where browsers fetch public objects: `<publicBaseUrl>/<key>`. Either the app's own
   * `/uploads` (the app streams them from the bucket, which may then stay private) or the
   * bucket's public prefix (`<bucket root as browsers see it>/public`).
   */
  publicBaseUrl: string;
  /** Default lifetime of a signed URL for a private object. */
  privateUrlTtlSeconds: number;
}

/** The private side, which alone can hand out a short-lived signed GET URL for one object. */
export interface S3PrivateFileStorage extends PrivateFileStoragePort {
  /**
   * A presigned GET URL for a private object, valid `expiresInSeconds` (default: the configured
   * TTL) from now by the app's clock. Whoever holds it may read the object until it expires, so
   * it goes only to a caller who was just authorized for that object.
   */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): Promise<string>;
}

/**
 * Object layout in the one bucket: public files under `public/`, private ones under `private/`.
 * A bucket policy may make `public/*` readable by anyone (when browsers fetch posters from the
 * bucket or a CDN in front of it); `private/` must never be, and nothing here needs it to be.
 */
const PUBLIC_PREFIX = 'public/';
const PRIVATE_PREFIX = 'private/';

/** Cache-Control stored with each object: what the bucket (or a CDN) sends to browsers. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=604800';
const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Files in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, ...), for instances that
 * share no disk. Only plain S3 calls are used (PutObject, GetObject, HeadObject, DeleteObject and
 * presigned GETs, signature V4): no ACLs (R2 has none, new AWS buckets refuse them), no
 * provider-specific headers. The SDK (about 0.2 s to import) is loaded only when this runs.
 */
export async function createS3FileStorages(
  settings: S3StorageSettings,
  options: {
    clock: Clock;
    /** Connection reuse or, in tests, name resolution for virtual-hosted bucket names. */
    httpAgent?: HttpAgent;
    httpsAgent?: HttpsAgent;
  },
): Promise<{
  storage: FileStoragePort;
  privateStorage: S3PrivateFileStorage;
  /** Writes a marker object: the endpoint answers, the bucket exists, the keys may write. */
  checkWritable(): Promise<void>;
  close(): void;
}> {
  const [sdk, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where the S3 API demands them: the newer default (a CRC32 on every upload
    // and download) is refused or mishandled by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that hangs must not hold an upload or a poster request forever.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 30_000,
      ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}),
      ...(options.httpsAgent ? { httpsAgent: options.httpsAgent } : {}),
    },
  });
  const Bucket = settings.bucket;

  /**
   * A store that cannot be reached, times out or fails on its side (5xx) becomes
   * StorageUnavailableError, which the error handler answers as the other outages (503 C012);
   * its own answers (404, 403 for wrong keys) stay as they are.
   */
  const unlessUnavailable = (error: unknown): never => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === undefined || status >= 500) throw new StorageUnavailableError(error);
    throw error;
  };

  const isNotFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };

  function objectsUnder(prefix: string, cacheControl: string) {
    const objectKey = (key: string) => {
      assertStorageKey(key);
      return prefix + key;
    };
    return {
      async put(key: string, body: Buffer, contentType: string): Promise<void> {
        await client
          .send(
            new sdk.PutObjectCommand({
              Bucket,
              Key: objectKey(key),
              Body: body,
              ContentType: contentType,
              ContentLength: body.length,
              CacheControl: cacheControl,
            }),
          )
          .catch(unlessUnavailable);
      },
      async get(key: string): Promise<StoredObject | null> {
        const Key = objectKey(key);
        try {
          const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
          if (!answer.Body) return null;
          return {
            body: Buffer.from(await answer.Body.transformToByteArray()),
            contentType: answer.ContentType ?? 'application/octet-stream',
          };
        } catch (error) {
          if (isNotFound(error)) return null;
          return unlessUnavailable(error);
        }
      },
      async exists(key: string): Promise<boolean> {
        const Key = objectKey(key);
        try {
          await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
          return true;
        } catch (error) {
          if (isNotFound(error)) return false;
          return unlessUnavailable(error);
        }
      },
      async delete(key: string): Promise<void> {
        // S3 answers 204 for a missing key too, which is what the port promises.
        await client
          .send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
          .catch(unlessUnavailable);
      },
      objectKey,
    };
  }

  const publicObjects = objectsUnder(PUBLIC_PREFIX, PUBLIC_CACHE_CONTROL);
  const privateObjects = objectsUnder(PRIVATE_PREFIX, PRIVATE_CACHE_CONTROL);

  const storage: FileStoragePort = {
    put: publicObjects.put,
    get: publicObjects.get,
    exists: publicObjects.exists,
    delete: publicObjects.delete,
    publicUrl(key) {
      assertStorageKey(key);
      return `${settings.publicBaseUrl}/${key}`;
    },
  };

  const privateStorage: S3PrivateFileStorage = {
    put: privateObjects.put,
    get: privateObjects.get,
    exists: privateObjects.exists,
    delete: privateObjects.delete,
    async signedUrl(key, signOptions = {}) {
      const expiresIn = signOptions.expiresInSeconds ?? settings.privateUrlTtlSeconds;
      return getSignedUrl(
        client,
        new sdk.GetObjectCommand({ Bucket, Key: privateObjects.objectKey(key) }),
        // Signed at the app's time, so the URL's validity follows the injected clock.
        { expiresIn, signingDate: options.clock.now() },
      );
    },
  };

  async function checkWritable(): Promise<void> {
    // A write, not HeadBucket: that needs s3:ListBucket, which a least-privilege key (objects
    // only) lacks, and a HEAD answer has no body to tell a wrong key from a missing bucket.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket,
        Key: `${PRIVATE_PREFIX}start-check`,
        Body: '',
        ContentType: 'text/plain',
        CacheControl: PRIVATE_CACHE_CONTROL,
      }),
    );
  }

  return { storage, privateStorage, checkWritable, close: () => client.destroy() };
}

/** The object store is unreachable, too slow, or failing on its side (a 5xx). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(cause: unknown) {
    super(`object storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}
