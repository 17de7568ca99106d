/**
 * The room on the free plan for new photos (./image-room.ts, issue 28 items 1 and 8): the server's count, the
 * images waiting in the upload queue and this work's photos together, and a pick larger than the room taking the
 * first photos that fit, with the reason for the rest. The texts are the app's catalogs.
 */
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';

import { activateLanguage } from './i18n';
import { imageRoom, isLimitRefusal, leftOutMessage } from './image-room';

const free = { limit: 5, stored: 0, queued: 0, inWork: 0, picked: 0 };

describe('the room on the free plan', () => {
  it('3 images left and 4 photos picked: the first 3 are taken, the 4th left out, and then it is full', () => {
    expect(imageRoom({ ...free, stored: 2, picked: 4 })).toEqual({ used: 2, left: 3, take: 3, leftOut: 1, full: true });
  });

  it('queued images count beside the stored ones (offline, the queue is what the server has not seen yet)', () => {
    expect(imageRoom({ ...free, stored: 4, queued: 1 })).toMatchObject({ used: 5, left: 0, full: true });
    expect(imageRoom({ ...free, stored: 4, queued: 1, picked: 1 })).toMatchObject({ take: 0, leftOut: 1 });
    expect(imageRoom({ ...free, stored: 3, queued: 1 })).toMatchObject({ used: 4, left: 1, full: false });
  });

  it("this work's new photos count too", () => {
    expect(imageRoom({ ...free, stored: 1, inWork: 2, picked: 3 })).toEqual({ used: 3, left: 2, take: 2, leftOut: 1, full: true });
  });

  it('at 5 of 5 nothing fits and the form is full before any pick', () => {
    expect(imageRoom({ ...free, stored: 5 })).toEqual({ used: 5, left: 0, take: 0, leftOut: 0, full: true });
  });

  it('an account over the limit (a plan that ended) has no room, never a negative one', () => {
    expect(imageRoom({ ...free, stored: 8, picked: 2 })).toEqual({ used: 8, left: 0, take: 0, leftOut: 2, full: true });
  });

  it('everything fits: all taken, nothing said', () => {
    expect(imageRoom({ ...free, stored: 1, picked: 2 })).toEqual({ used: 1, left: 4, take: 2, leftOut: 0, full: false });
  });

  it('no limit (a paid plan): everything fits, never full', () => {
    expect(imageRoom({ limit: null, stored: 40, queued: 3, inWork: 1, picked: 4 })).toEqual({
      used: 44,
      left: null,
      take: 4,
      leftOut: 0,
      full: false,
    });
  });
});

describe('what a pick is told', () => {
  beforeEach(async () => {
    await activateLanguage('en');
  });

  it('some taken: how many fit and that the last one was left out, and that a grown-up upgrades', () => {
    expect(leftOutMessage(i18n, imageRoom({ ...free, stored: 2, picked: 4 }))).toBe(
      'Only 3 of your 4 photos fit on the free plan, so the last one was left out. Ask a grown-up to upgrade for more room.',
    );
    expect(leftOutMessage(i18n, imageRoom({ ...free, stored: 4, picked: 3 }))).toBe(
      'Only 1 of your 3 photos fit on the free plan, so the last 2 were left out. Ask a grown-up to upgrade for more room.',
    );
  });

  it("none taken: the spec's free plan message with the account's count (stored and queued)", () => {
    expect(leftOutMessage(i18n, imageRoom({ ...free, stored: 4, queued: 1, picked: 1 }))).toBe(
      'Free plan allows up to 5 images total. You have 5 images. Please upgrade to upload more.',
    );
  });

  it('all taken: nothing to say', () => {
    expect(leftOutMessage(i18n, imageRoom({ ...free, picked: 5 }))).toBeNull();
  });

  it('in Japanese', async () => {
    await activateLanguage('ja');
    expect(leftOutMessage(i18n, imageRoom({ ...free, stored: 2, picked: 4 }))).toMatch(/4枚のうち3枚/);
  });
});

describe("a queued work the server refused for the plan's limit", () => {
  const images = { images: ['Free plan allows up to 5 images total. You have 5 images. Please upgrade to upload more.'] };

  it('a 400 on its images while the account has no room for them: the limit', () => {
    expect(isLimitRefusal(400, images, { total_images: 5, limit: 5 }, 1)).toBe(true);
    expect(isLimitRefusal(400, images, { total_images: 3, limit: 5 }, 3)).toBe(true);
  });

  it('room for it, another field, another status, or no limit: not the limit', () => {
    expect(isLimitRefusal(400, images, { total_images: 3, limit: 5 }, 2)).toBe(false);
    expect(isLimitRefusal(400, { title: ['Title is required'] }, { total_images: 5, limit: 5 }, 1)).toBe(false);
    expect(isLimitRefusal(413, images, { total_images: 5, limit: 5 }, 1)).toBe(false);
    expect(isLimitRefusal(400, images, { total_images: 5, limit: null }, 1)).toBe(false);
    expect(isLimitRefusal(400, images, null, 1)).toBe(false);
  });
});
