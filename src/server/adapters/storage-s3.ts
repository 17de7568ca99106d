/**
 * Media in an S3 bucket (AWS, or an S3-compatible server at S3_ENDPOINT, addressed path-style), with the AWS SDK v3.
 * Every instance of a deployment reads and writes the same bucket. An object is one PUT, which S3 makes visible
 * whole or not at all. Credentials come from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or the SDK's default chain.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';

import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';

import type { S3Config } from '../config';
import { assertKey, isStorageKey, MEDIA_CACHE_CONTROL, type ByteRange, type StorageAdapter, type StoredInfo } from './storage';

/** The health call must answer quickly, whatever the bucket does. */
const CHECK_TIMEOUT_MS = 3_000;

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
/** The object is not there (a missing bucket is a fault of the deployment, not a missing object). */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  err.name !== 'NoSuchBucket' &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404);

function rangeHeader(range: ByteRange | undefined): string | undefined {
  if (!range) return undefined;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

function infoOf(out: { ContentType?: string; ContentLength?: number; ETag?: string; LastModified?: Date }, size?: number): StoredInfo {
  return {
    contentType: out.ContentType ?? 'application/octet-stream',
    size: size ?? out.ContentLength ?? 0,
    etag: out.ETag ?? '""',
    lastModified: out.LastModified ?? new Date(0),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createS3Storage(config: S3Config, client?: S3Client): StorageAdapter {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.endpoint !== undefined,
      credentials: config.credentials,
      // S3-compatible servers (s3rver, older MinIO, some clouds) refuse the SDK's default checksum trailers on
      // streamed bodies (aws-chunked): checksums only where an operation requires one. AWS itself keeps the default.
      ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      maxAttempts: 3,
      // /media/ streams hold a socket each for as long as the visitor reads: more than the SDK's default 50.
      requestHandler: {
        connectionTimeout: 3_000,
        requestTimeout: 30_000,
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl;

  return {
    kind: 's3',
    async put(key, body, contentType, size) {
      assertKey(key);
      let Body: Uint8Array | Readable;
      let ContentLength: number | undefined;
      if (body instanceof Uint8Array) {
        Body = body;
        ContentLength = body.byteLength;
      } else if (body instanceof Readable) {
        // A single PUT needs its length up front; a stream of unknown length is read into memory first.
        if (size === undefined) Body = await readAll(body);
        else [Body, ContentLength] = [body, size];
      } else {
        ContentLength = (await stat(body.path)).size;
        Body = createReadStream(body.path);
      }
      await s3.send(
        new PutObjectCommand({ Bucket, Key: key, Body, ContentLength, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }),
      );
    },
    async delete(key) {
      assertKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async head(key) {
      if (!isStorageKey(key)) return null;
      try {
        return infoOf(await s3.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async get(key, range) {
      if (!isStorageKey(key)) return null;
      if (range && range.start < 0) {
        // The last n bytes: asked as an absolute range, which every S3-compatible server reads alike.
        const found = await this.head(key);
        if (!found) return null;
        range = found.size > 0 ? { start: Math.max(0, found.size + range.start), end: found.size - 1 } : undefined;
      }
      let out: GetObjectCommandOutput;
      try {
        out = await s3.send(new GetObjectCommand({ Bucket, Key: key, Range: rangeHeader(range) }));
      } catch (err) {
        if (isMissing(err)) return null;
        // A range past the end: the whole object, as a server may answer a Range it cannot satisfy.
        if (range && statusOf(err) === 416) return this.get(key);
        throw err;
      }
      const body = out.Body as Readable;
      const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
      if (range && sent) {
        return { ...infoOf(out, Number(sent[3])), body, range: { start: Number(sent[1]), end: Number(sent[2]) } };
      }
      return { ...infoOf(out), body };
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key && isStorageKey(o.Key)) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await s3.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    },
    url: (key) => `/media/${key}`,
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : null),
  };
}

const clientFor = (config: S3Config) =>
  new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
  });

/** Creates the bucket unless it exists (tests and the local S3 server; a deployment's bucket is made by its operator). */
export async function ensureBucket(config: S3Config): Promise<void> {
  const s3 = clientFor(config);
  try {
    await s3.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (err) {
    if (!isMissing(err)) throw err;
    await s3.send(new CreateBucketCommand({ Bucket: config.bucket }));
  } finally {
    s3.destroy();
  }
}

/** Empties and removes a bucket (a test's own). */
export async function dropBucket(config: S3Config): Promise<void> {
  const s3 = clientFor(config);
  try {
    for await (const o of createS3Storage(config, s3).list()) await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: o.key }));
    await s3.send(new DeleteBucketCommand({ Bucket: config.bucket }));
  } finally {
    s3.destroy();
  }
}
