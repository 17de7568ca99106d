/**
 * Image intake: the declared type is ignored, the magic bytes decide (JPEG, PNG, WebP, AVIF only).
 * The header is read first (type, then dimensions against the pixel cap) so that nothing too large
 * is ever decoded; sharp then decodes with the same cap as a backstop, applies the EXIF orientation
 * and re-encodes; its output carries no metadata (no EXIF/GPS, XMP or ICC), so the server never
 * serves what it received.
 *
 * sharp works on libuv's threadpool, off the event loop, but that pool (4 threads) also runs
 * argon2 and file I/O: a burst of decodes once held every thread and a login waited 9 s behind
 * them (issue 9, finding 6). So decodes and encodes go through one process-wide queue that lets
 * only IMAGE_JOBS run at once, leaving the rest of the pool, and the other core, to everyone else.
 *
 * The pixels themselves are worked by libvips' own threads ("libvips worker"), which do nearly all of an upload's CPU
 * work. On Linux they run at a lower priority (IMAGE_NICE) than the threads that answer requests, so that uploads
 * take the CPU that pages and likes leave, and do not starve them (issue 30's mixed load).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism, getPriority, setPriority } from 'node:os';

import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';

import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { Places } from '../places';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

// libvips' operation cache: no upload is ever decoded twice, so it only held memory, and open handles on the uploads'
// temp files after they were removed (their disk space with them).
sharp.cache(false);

/** A rejected upload; `messageId` is a contract message for the field error. */
export class ImageRejected extends Error {
  constructor(readonly messageId: string) {
    super(messageId);
  }
}

/** Half the cores (at least one) for image work; on a 2-core machine, one job at a time. */
const IMAGE_JOBS = Math.max(1, Math.floor(availableParallelism() / 2));
const imagePlaces = new Places(IMAGE_JOBS);

/** The nice value of libvips' threads (0 is the requests'; each step down gives a thread about 1.25 times less CPU). */
export const IMAGE_NICE = 10;
const LINUX = process.platform === 'linux';

/**
 * Lowers the priority of libvips' worker threads that do not have it yet (Linux: a thread's nice value is its own,
 * and /proc/self/task names them). Checked around every job and just after: libvips makes its threads as it needs them
 * (GLib starts them a moment later, from a thread of its own), and an id
 * may later be another thread's, so each is looked at by name and by its present priority. Nothing to do elsewhere.
 */
export function lowerImageThreads(): void {
  if (!LINUX) return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8') !== 'libvips worker\n') continue;
      const tid = Number(task);
      if (getPriority(tid) < IMAGE_NICE) setPriority(tid, IMAGE_NICE);
    } catch {
      // ended meanwhile, or not ours to change
    }
  }
}

/** Runs `job` when one of the IMAGE_JOBS places is free (first come, first served). */
function imageJob<T>(job: () => Promise<T>): Promise<T> {
  return imagePlaces.run(async () => {
    try {
      lowerImageThreads();
      return await job();
    } finally {
      lowerImageThreads();
      // GLib starts a pool's threads from a thread of its own, a moment after they are asked for.
      if (LINUX) setTimeout(lowerImageThreads, 50).unref();
    }
  });
}

/**
 * An image to take in: the bytes, or the path of a file holding them (an upload's temp file, so that
 * no upload is ever held in memory whole: file-type and sharp read the file).
 */
export type ImageSource = Uint8Array | string;

export async function sniffImage(source: ImageSource): Promise<string> {
  const size = typeof source === 'string' ? (await stat(source)).size : source.byteLength;
  if (size > LIMITS.maxUploadBytes) throw new ImageRejected(M.imageTooLarge.id);
  const type = typeof source === 'string' ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);
  if (!type || !ACCEPTED.has(type.mime)) throw new ImageRejected(M.imageType.id);
  return type.mime;
}

/**
 * Checks what can be checked without decoding: the size, the type by its magic bytes, and the
 * dimensions from the header against the pixel cap (a 7000 x 7000 PNG of one colour is 140 KB).
 * Cheap enough to run on every file of a request before any of them is decoded.
 */
export async function checkImage(bytes: ImageSource): Promise<void> {
  await sniffImage(bytes);
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new ImageRejected(M.imageUnreadable.id);
    });
  if (!meta.width || !meta.height) throw new ImageRejected(M.imageUnreadable.id);
  if (meta.width * meta.height > LIMITS.maxUploadPixels) throw new ImageRejected(M.imageTooLarge.id);
}

/**
 * libwebp's effort (0-6, sharp's default 4). Measured on one core of this machine (issue 30): a 2000x973 phone photo's
 * display copy took 138 ms at effort 4 and 3, 56 ms at 2 (4 % more bytes, the same quality setting), 42 ms at 1 (30 %
 * more bytes); its thumbnail 14 ms, then 9 ms. Effort 3 and up adds libwebp's slower search, which is where the time
 * went. An upload's copies are made once and served many times, but it is the upload that a child waits for, and the
 * image work of a busy instance that every other request shares the CPU with.
 */
const WEBP_EFFORT = 2;

/** A decoder with the pixel cap; truncated or corrupt data fails instead of decoding to grey. */
const decode = (bytes: ImageSource) => sharp(bytes, { limitInputPixels: LIMITS.maxUploadPixels, failOn: 'error' }).rotate();

function rejection(err: unknown): ImageRejected {
  if (err instanceof ImageRejected) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) return new ImageRejected(M.imageTooLarge.id);
  return new ImageRejected(M.imageUnreadable.id);
}

/** Square avatar: 256x256 cover crop, WebP. */
export async function makeAvatar(bytes: ImageSource): Promise<Buffer> {
  await checkImage(bytes);
  try {
    return await imageJob(() => decode(bytes).resize(256, 256, { fit: 'cover' }).webp({ quality: 82, effort: WEBP_EFFORT }).toBuffer());
  } catch (err) {
    throw rejection(err);
  }
}

/** The two copies of a work image the server serves (WebP, upright, without any metadata). */
export interface WorkImageFiles {
  display: Buffer;
  thumb: Buffer;
  /** Of the display copy. */
  width: number;
  height: number;
}

export const WORK_DISPLAY_EDGE = 2048;
export const WORK_THUMB_EDGE = 480;

/**
 * A work image: display copy with the long edge at most 2048 px, thumbnail at most 480 px, each from the upload in
 * a pipeline of its own. The thumbnail's decode is scaled in libjpeg and libwebp (shrink-on-load; what the PWA sends
 * is one or the other), so reading the upload twice costs about what passing one decode's pixels to both did (129 and
 * 154 ms of CPU for a 2000x1500 JPEG and WebP, either way), and the pixels never come into JavaScript: they were a 9 MB
 * buffer per display copy, and 4-5 ms of the event loop's time per upload against 2.5-3.3 ms now (issue 30).
 * `checked`: the caller has just passed these bytes through checkImage (an upload's temp file, which nothing else
 * writes), so they are not read twice.
 */
export async function makeWorkImages(bytes: ImageSource, checked = false): Promise<WorkImageFiles> {
  if (!checked) await checkImage(bytes);
  try {
    return await imageJob(async () => {
      const inside = { fit: 'inside', withoutEnlargement: true } as const;
      const { data: display, info } = await decode(bytes)
        .resize(WORK_DISPLAY_EDGE, WORK_DISPLAY_EDGE, inside)
        .webp({ quality: 82, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      const thumb = await decode(bytes)
        .resize(WORK_THUMB_EDGE, WORK_THUMB_EDGE, inside)
        .webp({ quality: 75, effort: WEBP_EFFORT })
        .toBuffer();
      return { display, thumb, width: info.width, height: info.height };
    });
  } catch (err) {
    throw rejection(err);
  }
}

/** Renders an SVG (trusted, server-made) to a WebP; used for the generated demo avatars. */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}

/** Renders a server-made SVG drawing into a work's display copy and thumbnail (demo works). */
export async function renderSvgWork(svg: string): Promise<WorkImageFiles> {
  return makeWorkImages(await sharp(Buffer.from(svg)).png().toBuffer());
}
