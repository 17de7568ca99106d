/** Helpers for the works suites: families, generated images, the multipart form, media files. */
import { crc32, deflateSync } from 'node:zlib';

import exifr from 'exifr';
import sharp from 'sharp';
import { expect } from 'vitest';

import { childSession, signupVerified, type Reply, type TestServer } from './harness';

export interface Kid {
  id: number;
  access: string;
}

export interface Family {
  parent: string;
  kids: Kid[];
}

let familyCounter = 0;

/** A verified parent with child profiles, logged in as each of them. */
export async function family(s: TestServer, size = 1): Promise<Family> {
  const { access } = await signupVerified(s);
  const kids: Kid[] = [];
  const n = ++familyCounter;
  for (let i = 0; i < size; i++) kids.push(await childSession(s, access, `kid${n}x${i}`));
  return { parent: access, kids };
}

/** The parent account's address (the family helper does not return it). */
export async function emailOf(s: TestServer, parentToken: string): Promise<string> {
  const me = await s.request('/api/user/me/', { token: parentToken });
  return me.body.email as string;
}

/** owner shares its works with target (PATCH /api/profile/ as the owner). */
export async function share(s: TestServer, owner: Kid, targets: Kid[]): Promise<void> {
  const res = await s.request('/api/profile/', {
    method: 'PATCH',
    token: owner.access,
    json: { shared_users: targets.map((t) => ({ id: t.id, is_shared: true })) },
  });
  if (res.status !== 200) throw new Error(`share failed: ${JSON.stringify(res.body)}`);
}

let shade = 0;
/** A small PNG in a colour of its own, so no two uploads have the same bytes. */
export async function png(width = 64, height = 48): Promise<Buffer> {
  shade = (shade + 37) % 250;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .png()
    .toBuffer();
}

export interface WorkInput {
  title?: string;
  description?: string;
  category?: number[];
  tags?: number[];
  is_public?: boolean | string;
  is_circle?: boolean | string;
  images?: (Uint8Array | { bytes: Uint8Array | string; name: string; type: string })[];
  keep_images?: number[] | 'empty';
}

/** The multipart body the PWA sends. */
export function workForm(input: WorkInput): FormData {
  const form = new FormData();
  if (input.title !== undefined) form.append('title', input.title);
  if (input.description !== undefined) form.append('description', input.description);
  for (const c of input.category ?? []) form.append('category', String(c));
  for (const t of input.tags ?? []) form.append('tags', String(t));
  if (input.is_public !== undefined) form.append('is_public', String(input.is_public));
  if (input.is_circle !== undefined) form.append('is_circle', String(input.is_circle));
  if (input.keep_images === 'empty') form.append('keep_images', '');
  else for (const k of input.keep_images ?? []) form.append('keep_images', String(k));
  for (const img of input.images ?? []) {
    const file = img instanceof Uint8Array ? { bytes: img, name: 'photo.png', type: 'image/png' } : img;
    const part = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
    form.append('images', new File([part], file.name, { type: file.type }));
  }
  return form;
}

export async function createWork(s: TestServer, kid: Kid, input: WorkInput, key?: string): Promise<Reply> {
  const images = input.images ?? [await png()];
  const headers: Record<string, string> = key ? { 'Idempotency-Key': key } : {};
  return s.request('/api/artworks/', { token: kid.access, form: workForm({ title: 'A work', ...input, images }), headers });
}

/** Creates a work or fails the test; returns its id. */
export async function made(s: TestServer, kid: Kid, input: WorkInput = {}): Promise<number> {
  const res = await createWork(s, kid, input);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Every stored media file's key (sorted), through the storage adapter: the disk's or the bucket's. */
export async function mediaFiles(s: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of s.deps.storage.list()) keys.push(o.key);
  return keys.sort();
}

/** Seeded reference data: category and tag ids by English name. */
export async function catalog(s: TestServer): Promise<{ category: Record<string, number>; tag: Record<string, number> }> {
  const cats = (await s.request('/api/artworks/categories')).body as { id: number; name: string }[];
  const tags = (await s.request('/api/artworks/tags')).body as { id: number; name: string }[];
  return { category: Object.fromEntries(cats.map((c) => [c.name, c.id])), tag: Object.fromEntries(tags.map((t) => [t.name, t.id])) };
}

/** A JPEG (200x100, left half red) carrying GPS EXIF, a camera name and orientation 6. */
export async function photoWithGps(): Promise<Buffer> {
  const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Home Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2200/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 3000/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The chunk ids of a RIFF/WebP file and the EXIF data (parsed by exifr) if it has an EXIF chunk. */
export async function webpMetadata(bytes: Buffer): Promise<{ chunks: string[]; exif: Record<string, unknown> | undefined }> {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP file');
  const chunks: string[] = [];
  let exif: Record<string, unknown> | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    chunks.push(id);
    if (id === 'EXIF') {
      let payload = bytes.subarray(at + 8, at + 8 + size);
      if (payload.toString('latin1', 0, 6) === 'Exif\0\0') payload = payload.subarray(6);
      exif = (await exifr.parse(payload, { gps: true })) as Record<string, unknown> | undefined;
    }
    at += 8 + size + (size % 2);
  }
  return { chunks, exif };
}

/** The picture at `url` as served: WebP, re-encoded without metadata (no EXIF, XMP or ICC chunk); its bytes. */
export async function servedCleanWebp(s: TestServer, url: string): Promise<Buffer> {
  const served = await fetch(s.url + url);
  expect(served.headers.get('content-type')).toBe('image/webp');
  const bytes = Buffer.from(await served.arrayBuffer());
  const { chunks, exif } = await webpMetadata(bytes);
  expect(exif).toBeUndefined();
  expect(chunks.filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid 1-bit greyscale PNG of width x height, all white: 100 MP in about 12 KB. */
export function bombPng(width = 10_000, height = 10_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
