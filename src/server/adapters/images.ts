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

/** Square avatar: 256x256 cover crop, WebP. */
export async function makeAvatar(bytes: Uint8Array): Promise<Buffer> {
  await sniffImage(bytes);
  try {
    return await sharp(bytes, { limitInputPixels: LIMITS.maxUploadPixels, failOn: 'error' })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new ImageRejected(M.imageTooLarge.id);
    throw new ImageRejected(M.imageUnreadable.id);
  }
}

/** Renders an SVG (trusted, server-made) to a WebP; used for the generated demo avatars. */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}
