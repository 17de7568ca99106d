/**
 * Image intake: the declared type is ignored, the magic bytes decide (JPEG, PNG, WebP, AVIF only).
 * sharp decodes with a pixel cap, applies the EXIF orientation and re-encodes; its output carries
 * no metadata (no EXIF/GPS, XMP or ICC), so the server never serves what it received.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

import { LIMITS } from '../../contract/limits';
import { M } from '../../contract/messages';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** A rejected upload; `messageId` is a contract message for the field error. */
export class ImageRejected extends Error {
  constructor(readonly messageId: string) {
    super(messageId);
  }
}

export async function sniffImage(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > LIMITS.maxUploadBytes) throw new ImageRejected(M.imageTooLarge.id);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new ImageRejected(M.imageType.id);
  return type.mime;
}

/** A decoder with the pixel cap; truncated or corrupt data fails instead of decoding to grey. */
const decode = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: LIMITS.maxUploadPixels, failOn: 'error' }).rotate();

function rejection(err: unknown): ImageRejected {
  if (err instanceof ImageRejected) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) return new ImageRejected(M.imageTooLarge.id);
  return new ImageRejected(M.imageUnreadable.id);
}

/** Square avatar: 256x256 cover crop, WebP. */
export async function makeAvatar(bytes: Uint8Array): Promise<Buffer> {
  await sniffImage(bytes);
  try {
    return await decode(bytes).resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
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

/** A work image: display copy with the long edge at most 2048 px, thumbnail at most 480 px. */
export async function makeWorkImages(bytes: Uint8Array): Promise<WorkImageFiles> {
  await sniffImage(bytes);
  try {
    const inside = { fit: 'inside', withoutEnlargement: true } as const;
    const [display, thumb] = await Promise.all([
      decode(bytes).resize(WORK_DISPLAY_EDGE, WORK_DISPLAY_EDGE, inside).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      decode(bytes).resize(WORK_THUMB_EDGE, WORK_THUMB_EDGE, inside).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display: display.data, thumb, width: display.info.width, height: display.info.height };
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
