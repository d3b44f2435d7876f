import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStorageKey,
  contentTypeOfKey,
  type FileStoragePort,
  type PrivateFileStoragePort,
} from './file-storage';

/** Files on local disk under DATA_DIR/uploads, served by the app at /uploads/. */
export function createLocalFileStorage(options: {
  rootDir: string;
  publicBaseUrl: string;
}): FileStoragePort {
  const root = path.resolve(options.rootDir);
  const resolveKey = (key: string) => {
    assertStorageKey(key);
    const resolved = path.resolve(root, key);
    // The key check already rules out `..`; this holds whatever the key rules become.
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
      const file = resolveKey(key);
      try {
        // Disk keeps no content type: the key's extension names it (see file-storage.ts).
        return { body: await readFile(file), contentType: contentTypeOfKey(key) };
      } catch {
        return null;
      }
    },
    async exists(key) {
      const file = resolveKey(key);
      return access(file).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await rm(resolveKey(key), { force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
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
    exists,
    delete: remove,
  } = createLocalFileStorage({
    rootDir: options.rootDir,
    publicBaseUrl: '',
  });
  return { put, get, exists, delete: remove };
}
