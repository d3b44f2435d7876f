/** The part of @20minutes/s3rver (a CommonJS package without typings) the test server uses. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    /** The host suffix of virtual-hosted requests: `<bucket>.s3.<serviceEndpoint>`. */
    serviceEndpoint?: string;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    getMiddleware(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
