/**
 * The photos of a work being made: capture's register and edit forms (works) and the contest's upload form
 * (contests). New ones are compressed on the device (./compress); existing ones, when editing, are re-fetched.
 */
import { compressImage } from '@web/lib/compress';

export interface Photo {
  key: string;
  /** The compressed file (new) or the re-fetched file (existing); the original while compressing. */
  file: File;
  /** Set for an image already on the server. */
  existingId: number | null;
  /** 0 to 100 while compressing. */
  progress: number;
  status: 'compressing' | 'ready' | 'error';
  /** A new photo as it was taken or chosen, before compression: capture straightens its paper from it, again if asked. */
  original?: File;
}

/** A photo to compress: `file` as taken, or a new version of `original` (its paper straightened). */
export function newPhoto(file: File, original: File = file): Photo {
  return { key: crypto.randomUUID(), file, existingId: null, progress: 0, status: 'compressing', original };
}

export function readyPhoto(file: File, existingId: number | null = null): Photo {
  return { key: crypto.randomUUID(), file, existingId, progress: 100, status: 'ready' };
}

/** Compresses photos one after another, reporting each photo's progress. */
export async function compressAll(photos: Photo[], update: (key: string, patch: Partial<Photo>) => void): Promise<void> {
  for (const photo of photos) {
    try {
      const file = await compressImage(photo.file, (progress) => update(photo.key, { progress }));
      update(photo.key, { file, progress: 100, status: 'ready' });
    } catch (error) {
      console.warn('Compression failed', error);
      update(photo.key, { status: 'error' });
    }
  }
}

/** An image on the server as a File (http upgraded to https on an https page); null when it fails (logged). */
export async function fetchAsFile(url: string, name: string): Promise<File | null> {
  const secure = window.location.protocol === 'https:' && url.startsWith('http://') ? `https://${url.slice(7)}` : url;
  try {
    const response = await fetch(secure);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    return new File([blob], name, { type: blob.type || 'image/webp' });
  } catch (error) {
    console.warn(`Could not convert ${secure} to a file; skipped`, error);
    return null;
  }
}
