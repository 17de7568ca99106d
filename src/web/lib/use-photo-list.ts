/**
 * The photos of a work being made, with the rules for adding to them (works spec §5, §8): images only, 5 at the
 * most (each refusal said in a toast), and no more than the free plan's limit: a pick larger than the room left
 * takes the first photos that fit and says why the rest stayed out (./image-room, issue 28). An added photo is
 * compressed on the device (./photos) with its progress. Capture's register and edit forms (works) and the
 * contest's upload form (contests) share it, so both say the same thing about the same limit.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { LIMITS } from '@contract/limits';
import { imageRoom, leftOutMessage } from './image-room';
import { compressAll, newPhoto, type Photo } from './photos';
import { notify } from './toast';

export interface PhotoAllowance {
  /** The account's images already counted: stored on the server, and those waiting in this device's upload queue. */
  used: number;
  /** The free plan's limit, or null for none. */
  limit: number | null;
}

export function usePhotoList(initial: Photo[], { used, limit }: PhotoAllowance) {
  const { t, i18n } = useLingui();
  const [photos, setPhotos] = useState<Photo[]>(initial);
  /** Why the last pick left photos out for the plan's limit (shown beside the photos until the next change). */
  const [leftOut, setLeftOut] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Photos already on the server (editing) are counted in `used`.
  const newCount = photos.filter((p) => p.existingId === null).length;
  const room = imageRoom({ limit, stored: used, queued: 0, inWork: newCount, picked: 0 });

  const update = (key: string, patch: Partial<Photo>) => {
    if (mounted.current) setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  };

  /**
   * Adds what was taken or chosen: the added photos, or null when nothing was added (a toast, or `leftOut`, says why).
   * `allowance` replaces the hook's own when the caller has just asked the server for a fresher count.
   */
  const add = (picked: File[], source: 'camera' | 'library', allowance: PhotoAllowance = { used, limit }): Photo[] | null => {
    const files = picked.filter((f) => f.type.startsWith('image/'));
    if (files.length < picked.length) notify.error(t`Only image files can be chosen`);
    if (!files.length) return null;
    const refusal =
      source === 'library' && files.length > LIMITS.maxImagesPerWork
        ? t`You can only upload up to 5 images`
        : photos.length + files.length > LIMITS.maxImagesPerWork
          ? t`Total number of images cannot exceed 5`
          : null;
    if (refusal) {
      notify.error(refusal);
      return null;
    }
    const fit = imageRoom({ limit: allowance.limit, stored: allowance.used, queued: 0, inWork: newCount, picked: files.length });
    setLeftOut(leftOutMessage(i18n, fit));
    if (!fit.take) return null;
    const added = files.slice(0, fit.take).map((file) => newPhoto(file));
    setPhotos((list) => [...list, ...added]);
    void compressAll(added, update);
    return added;
  };

  /**
   * Puts a new version of a new photo in its place (capture: its paper straightened, or the original back), compressed
   * like an added one. It gets a new key, so the old version's compression, if still running, lands nowhere.
   */
  const replace = (key: string, file: File) => {
    const old = photos.find((p) => p.key === key);
    if (!old || old.existingId !== null) return;
    const next = newPhoto(file, old.original ?? old.file);
    setPhotos((list) => list.map((p) => (p.key === key ? next : p)));
    void compressAll([next], update);
  };

  const remove = (key: string) => {
    setLeftOut(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const move = (key: string, step: -1 | 1) =>
    setPhotos((list) => {
      const from = list.findIndex((p) => p.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to] as Photo, next[from] as Photo];
      return next;
    });

  return {
    photos,
    add,
    replace,
    remove,
    move,
    /** No more room on the free plan (stored, queued and this work's photos together). */
    freeLimitReached: room.full,
    /** The account's images as the plan counts them now, this work's new photos included. */
    counted: room.used,
    /** Images left on the plan, this work's new photos taken off; null without a limit. */
    left: room.left,
    /** Why the last pick left photos out, or null. */
    leftOut,
    /** Under 5, and under the free plan's limit. */
    canAdd: photos.length < LIMITS.maxImagesPerWork && !room.full,
    compressing: photos.some((p) => p.status === 'compressing'),
  };
}
