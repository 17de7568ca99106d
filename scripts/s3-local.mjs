#!/usr/bin/env node
/**
 * A local S3-compatible server for tests and CI: @20minutes/s3rver (a maintained fork of s3rver, an npm devDependency,
 * so `npm ci` brings it everywhere; Debian packages no S3 server, and MinIO is a separate binary to fetch).
 * It keeps objects in a directory and accepts the credentials S3RVER / S3RVER.
 *
 *   node scripts/s3-local.mjs [--port 4568] [--dir /tmp/s3rver] [--bucket name ...]
 *
 * Prints one line `s3rver ready on http://127.0.0.1:<port>` when it listens (port 0 picks a free one), then runs
 * until SIGTERM or SIGINT. Then, with the server's environment:
 *   S3_ENDPOINT=http://127.0.0.1:4568 S3_BUCKET=<name> AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER
 * or for the server tests: TEST_S3_ENDPOINT=http://127.0.0.1:4568 (a fresh bucket per test file).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import S3rver from '@20minutes/s3rver';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4568' },
    dir: { type: 'string', default: join(tmpdir(), 's3rver') },
    bucket: { type: 'string', multiple: true, default: [] },
    address: { type: 'string', default: '127.0.0.1' },
  },
});

mkdirSync(values.dir, { recursive: true });
const server = new S3rver({
  address: values.address,
  port: Number(values.port),
  directory: values.dir,
  silent: true,
  // Path-style only (S3_ENDPOINT makes the SDK use it): no bucket names in host names.
  vhostBuckets: false,
  // The SDK v3 signs bucket-level calls (HeadBucket, CreateBucket) over a resource path s3rver computes otherwise,
  // so it would refuse them as SignatureDoesNotMatch; a signature must still be well formed and its key known.
  allowMismatchedSignatures: true,
  configureBuckets: values.bucket.map((name) => ({ name })),
});
const { port } = await server.run();
console.log(`s3rver ready on http://${values.address}:${port} (objects in ${values.dir}; buckets: ${values.bucket.join(', ') || 'none'})`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(0),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
