import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStoragePort, PrivateFileStoragePort } from './file-storage';

/** Files on local disk under DATA_DIR/uploads, served by the app at /uploads/. */
export function createLocalFileStorage(options: {
  rootDir: string;
  publicBaseUrl: string;
}): FileStoragePort {
  const root = path.resolve(options.rootDir);
  const resolveKey = (key: string) => {
    const resolved = path.resolve(root, key);
    // Keys are ours, but a key must never escape the upload root whatever happens upstream.
    if (!resolved.startsWith(root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return resolved;
  };
  return {
    async put(key, body) {
      const file = resolveKey(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(resolveKey(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolveKey(key), { force: true });
    },
    publicUrl(key) {
      return `${options.publicBaseUrl}/uploads/${key}`;
    },
  };
}

/**
 * Private files on local disk under DATA_DIR/private-files: a sibling of the uploads folder, so
 * the static /uploads/ route (rooted at DATA_DIR/uploads) cannot reach them by any path.
 */
export function createLocalPrivateFileStorage(options: {
  rootDir: string;
}): PrivateFileStoragePort {
  const {
    put,
    get,
    delete: remove,
  } = createLocalFileStorage({
    rootDir: options.rootDir,
    publicBaseUrl: '',
  });
  return { put, get, delete: remove };
}
