import { describe, expect, it } from 'vitest';

import type { ArtistClass, ClassSignupResponse } from '@contract/classes';
import { M } from '@contract/messages';
import { formatExpiry, spaceCardNumber, validateCard } from '@web/lib/card-input';
import {
  classIdFrom,
  flattenClasses,
  formatJapanDateTime,
  isVideoPage,
  linkUrlHref,
  mergeClassPage,
  priceLabel,
  signupFrom,
  tagNames,
  needsVideoCall,
  noLinkReason,
  toClassQuery,
  videoTargetOf,
} from './class-logic';

function artistClass(id: number, over: Partial<ArtistClass> = {}): ArtistClass {
  return {
    id,
    name: `Class ${id}`,
    description: '',
    thumbnail: null,
    organization: { id: 1, name: 'Sakura' },
    is_free: true,
    price: 0,
    currency: 'jpy',
    class_type: 'recorded',
    start_at: null,
    url: null,
    has_video: true,
    tags: [],
    member_signup: { is_signed_up: false, status: null, signup_id: null },
    created_at: '2026-11-01T00:00:00Z',
    ...over,
  };
}

const ids = (list: ArtistClass[]) => list.map((c) => c.id);

describe('the list of classes', () => {
  it('replaces what was shown with page 1 and appends later pages', () => {
    const shown = [artistClass(1), artistClass(2)];
    expect(ids(mergeClassPage(shown, 1, [artistClass(7), artistClass(8)]))).toEqual([7, 8]);
    expect(ids(mergeClassPage(shown, 2, [artistClass(3)]))).toEqual([1, 2, 3]);
  });

  it('keeps each class once, where it was first seen', () => {
    const shown = [artistClass(1), artistClass(2, { name: 'first' })];
    const merged = mergeClassPage(shown, 2, [artistClass(2, { name: 'again' }), artistClass(3), artistClass(3)]);
    expect(ids(merged)).toEqual([1, 2, 3]);
    expect(merged[1]?.name).toBe('first');
    // Duplicates inside page 1 too.
    expect(ids(mergeClassPage([], 1, [artistClass(5), artistClass(5), artistClass(6)]))).toEqual([5, 6]);
  });

  it('puts the pages of a paged answer together in order, de-duplicated', () => {
    const pages = [{ results: [artistClass(1), artistClass(2)] }, { results: [artistClass(2), artistClass(3)] }, { results: [] }];
    expect(ids(flattenClasses(pages))).toEqual([1, 2, 3]);
    expect(flattenClasses([])).toEqual([]);
  });

  it('sends the filters as the API reads them: is_free true or false, nothing for all', () => {
    expect(toClassQuery({ price: 'all', type: 'all' })).toEqual({});
    expect(toClassQuery({ price: 'free', type: 'recorded', search: '  clay  ' })).toEqual({
      is_free: 'true',
      class_type: 'recorded',
      search: 'clay',
    });
    expect(toClassQuery({ price: 'paid', type: 'real_time', search: '   ' })).toEqual({ is_free: 'false', class_type: 'real_time' });
  });
});

describe('tag names', () => {
  const tags = [
    { id: 1, name: 'Watercolour' },
    { id: 2, name: 'Crayon' },
  ];

  it("names each tag id from the tag list, in the class's order", () => {
    expect(tagNames([2, 1], tags, 'Unknown Tag')).toEqual(['Crayon', 'Watercolour']);
  });

  it('says Unknown Tag for an id not in the list, and while the list is not loaded', () => {
    expect(tagNames([1, 99], tags, 'Unknown Tag')).toEqual(['Watercolour', 'Unknown Tag']);
    expect(tagNames([1], undefined, '不明なタグ')).toEqual(['不明なタグ']);
    expect(tagNames([], tags, 'Unknown Tag')).toEqual([]);
  });
});

describe('prices', () => {
  it('labels a free class with no price and a paid one in yen', () => {
    expect(priceLabel({ is_free: true, price: 0, currency: 'jpy' }, 'en')).toBeNull();
    expect(priceLabel({ is_free: false, price: 1500, currency: 'jpy' }, 'en')).toBe('¥1,500');
    expect(priceLabel({ is_free: false, price: 50, currency: 'JPY' }, 'en')).toBe('¥50');
    expect(priceLabel({ is_free: false, price: 1_000_000, currency: 'jpy' }, 'ja')).toBe('￥1,000,000');
  });
});

describe('the ids pages are opened with', () => {
  it('reads the navigation state first, then the query', () => {
    expect(classIdFrom({ artistClassId: 4 }, '?id=9', 'artistClassId', 'id')).toBe(4);
    expect(classIdFrom(null, '?id=9', 'artistClassId', 'id')).toBe(9);
    expect(classIdFrom({ class_id: '12' }, '', 'class_id', 'class_id')).toBe(12);
  });

  it('refuses what is not a positive id', () => {
    for (const search of ['', '?id=0', '?id=-3', '?id=abc', '?id=1.5', '?id=99999999999']) {
      expect(classIdFrom(null, search, 'artistClassId', 'id')).toBeNull();
    }
  });

  it("takes the payment page's signup response only for its class", () => {
    const signup: ClassSignupResponse = {
      message: '',
      signup_id: 3,
      artist_class: 5,
      status: 'pending',
      payment_intent_client_secret: 'pi_1_secret_2',
      payment_intent_id: 'pi_1',
      amount: 1500,
      currency: 'jpy',
    };
    expect(signupFrom({ signup }, 5)).toBe(signup);
    expect(signupFrom({ signup }, null)).toBe(signup);
    expect(signupFrom({ signup }, 6)).toBeNull();
    expect(signupFrom(null, 5)).toBeNull();
  });
});

describe('the video page', () => {
  it('is opened with the class id only: no address travels in its query or state', () => {
    const to = linkUrlHref(7);
    expect(to).toEqual({ href: '/link-url?class_id=7', state: { class_id: 7 } });
    expect(classIdFrom(to.state, '', 'class_id', 'class_id')).toBe(7);
    expect(classIdFrom(null, to.href.split('?')[1] ?? '', 'class_id', 'class_id')).toBe(7);
    // A hostile address in the query names no class, and nothing in it is shown.
    expect(classIdFrom(null, '?artistClassVideoUrl=http://evil.example/x', 'class_id', 'class_id')).toBeNull();
  });

  it('shows only what the server gave a confirmed sign-up, https or http only', () => {
    const confirmed = { is_signed_up: true, status: 'confirmed' as const, signup_id: 1 };
    const recorded = artistClass(7, { member_signup: confirmed });
    const answer = { url: 'https://media.example.com/a.mp4', meeting_url: null, start_at: null };
    expect(videoTargetOf(recorded, answer)).toEqual({ url: 'https://media.example.com/a.mp4', meetingUrl: null, startAt: null });
    expect(videoTargetOf(recorded, { ...answer, url: 'javascript:alert(1)' }).url).toBeNull();
    // A live class without a recording: the meeting link its detail holds for a confirmed sign-up, no call.
    const live = artistClass(8, {
      class_type: 'real_time',
      has_video: false,
      url: 'https://meet.example.com/abc',
      start_at: '2026-12-01T01:00:00Z',
      member_signup: confirmed,
    });
    expect(needsVideoCall(live)).toBe(false);
    expect(needsVideoCall(recorded)).toBe(true);
    expect(videoTargetOf(live, null)).toEqual({ url: null, meetingUrl: 'https://meet.example.com/abc', startAt: '2026-12-01T01:00:00Z' });
  });

  it('gives no link, and says why, without a confirmed sign-up of this profile', () => {
    const none = artistClass(7, { url: 'https://meet.example.com/leak' });
    const pending = artistClass(7, { member_signup: { is_signed_up: true, status: 'pending', signup_id: 2 } });
    expect(noLinkReason(none)).toBe('not-signed-up');
    expect(noLinkReason(pending)).toBe('pending');
    for (const item of [none, pending]) {
      expect(needsVideoCall(item)).toBe(false);
      expect(videoTargetOf(item, { url: 'https://media.example.com/a.mp4', meeting_url: null, start_at: null })).toEqual({
        url: null,
        meetingUrl: null,
        startAt: null,
      });
    }
  });

  it("opens a video site's page as a link, and tries a file in <video>", () => {
    expect(isVideoPage('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isVideoPage('https://youtu.be/abc')).toBe(true);
    expect(isVideoPage('https://vimeo.com/123')).toBe(true);
    expect(isVideoPage('https://media.example.com/class.mp4')).toBe(false);
  });

  it("shows a live class's start in Japan time", () => {
    expect(formatJapanDateTime('2026-12-01T01:00:00Z', 'en')).toContain('10:00');
    expect(formatJapanDateTime('2026-12-01T01:00:00Z', 'ja')).toContain('10:00');
    expect(formatJapanDateTime(null, 'en')).toBeNull();
    expect(formatJapanDateTime('not a date', 'en')).toBeNull();
  });
});

describe('the card form', () => {
  it('groups the card number in fours and keeps digits only', () => {
    expect(spaceCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(spaceCardNumber('4000-0000 0000-0002x')).toBe('4000 0000 0000 0002');
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    // Backspace over the slash takes the month's last digit with it.
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('checks the card as a provider widget does', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(validateCard({ number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4241', exp: '10/26', cvc: '12' }, now)).toEqual({
      number: M.cardNumberInvalid.id,
      exp: M.cardExpiryInvalid.id,
      cvc: M.cardCvcInvalid.id,
    });
    expect(validateCard({ number: '4000 0000 0000 0002', exp: '11/26', cvc: '1234' }, now)).toEqual({});
  });
});
