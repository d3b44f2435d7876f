import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { registerWebApp } from '../../http/web-app';
import { describeFileStorageContract, type StorageUnderTest } from './file-storage.contract';
import { createLocalFileStorage, createLocalPrivateFileStorage } from './local-file-storage';

const publicBaseUrl = 'http://files.test';
let dataDir: string;
let web: FastifyInstance;
let underTest: StorageUnderTest;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cc-local-storage-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  // The app's own /uploads/ route over the folder, as buildApp() registers it.
  web = Fastify();
  await registerWebApp(web, {
    webDistDir: path.join(dataDir, 'no-web-build'),
    uploads: { dir: uploadsDir },
  });
  underTest = {
    storage: createLocalFileStorage({ rootDir: uploadsDir, publicBaseUrl }),
    privateStorage: createLocalPrivateFileStorage({
      rootDir: path.join(dataDir, 'private-files'),
    }),
    async fetchUrl(url) {
      if (!url.startsWith(`${publicBaseUrl}/`)) throw new Error(`not this server's URL: ${url}`);
      const answer = await web.inject({ method: 'GET', url: url.slice(publicBaseUrl.length) });
      return {
        status: answer.statusCode,
        contentType: answer.headers['content-type']?.toString(),
        body: answer.rawPayload,
      };
    },
  };
});
afterAll(async () => {
  await web?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describeFileStorageContract('local disk', () => underTest);
