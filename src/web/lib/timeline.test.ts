import { describe, expect, it } from 'vitest';

import { ageAt } from '@contract/accounts';
import type { Work } from '@contract/works';
import { groupByAge } from './timeline';

let ids = 0;
const work = (created_at: string, creator_age: number | null = null): Work => ({
  id: ++ids,
  title: `Work ${ids}`,
  description: '',
  category: null,
  tags: [],
  images_data: [],
  is_public: false,
  created_at,
  likes_count: 0,
  is_liked_by_user: false,
  member: { id: 1, username: 'hana', profile_picture: null },
  creator_age,
  can_edit: true,
});

describe('ageAt', () => {
  it('turns a year older on the birthday, not the day before', () => {
    expect(ageAt('2020-03-01', '2024-02-29T12:00:00+09:00')).toBe(3);
    expect(ageAt('2020-03-01', '2024-02-29T23:59:59.999+09:00')).toBe(3);
    expect(ageAt('2020-03-01', '2024-03-01T00:00:00+09:00')).toBe(4);
    expect(ageAt('2020-03-01', '2025-02-28T12:00:00+09:00')).toBe(4);
  });

  it('counts a 29 February birthday on 1 March in common years, on 29 February in leap years', () => {
    expect(ageAt('2016-02-29', '2021-02-28T12:00:00+09:00')).toBe(4);
    expect(ageAt('2016-02-29', '2021-03-01T00:00:00+09:00')).toBe(5);
    expect(ageAt('2016-02-29', '2024-02-28T12:00:00+09:00')).toBe(7);
    expect(ageAt('2016-02-29', '2024-02-29T00:00:00+09:00')).toBe(8);
  });

  it("reads the day in Japan, whatever the device's time zone", () => {
    // 1 March 08:00 in Tokyo is still 29 February in UTC: the birthday morning is of the new age.
    expect(ageAt('2020-03-01', new Date('2024-02-29T23:00:00Z'))).toBe(4);
    expect(ageAt('2020-03-01', new Date('2024-02-29T14:59:59Z'))).toBe(3);
    expect(ageAt('2020-03-01', new Date('2024-02-29T15:00:00Z'))).toBe(4);
  });

  it('is null without a usable date of birth, and never below 0', () => {
    expect(ageAt(null, '2024-03-01T00:00:00Z')).toBeNull();
    expect(ageAt('', '2024-03-01T00:00:00Z')).toBeNull();
    expect(ageAt('1 March 2020', '2024-03-01T00:00:00Z')).toBeNull();
    expect(ageAt('2020-03-01', 'not a date')).toBeNull();
    expect(ageAt('2024-05-01', '2024-03-01T00:00:00Z')).toBe(0);
    expect(ageAt('2024-03-01', '2024-03-01T00:00:00Z')).toBe(0);
  });
});

describe('groupByAge', () => {
  it('groups newest first under the server totals, which count works not loaded yet', () => {
    const a = work('2025-06-01T10:00:00Z');
    const b = work('2024-03-01T00:00:00+09:00');
    const c = work('2024-02-29T23:59:59+09:00');
    const groups = groupByAge([a, b, c], '2020-03-01', [
      { age: 5, count: 14 },
      { age: 4, count: 2 },
      { age: 3, count: 1 },
      { age: 2, count: 6 },
    ]);
    expect(groups.map((g) => [g.age, g.count, g.works.map((w) => w.id)])).toEqual([
      [5, 14, [a.id]],
      [4, 2, [b.id]],
      [3, 1, [c.id]],
      [2, 6, []],
    ]);
  });

  it('keeps a group for a work newer than the totals, counted by what is loaded', () => {
    const groups = groupByAge([work('2026-04-01T00:00:00Z'), work('2026-04-02T00:00:00Z')], '2020-03-01', [{ age: 4, count: 1 }]);
    expect(groups.map((g) => [g.age, g.count, g.works.length])).toEqual([
      [6, 2, 2],
      [4, 1, 0],
    ]);
  });

  it('without a date of birth, falls back to creator_age and puts unknown ages last', () => {
    const groups = groupByAge([work('2024-01-01T00:00:00Z', null), work('2023-01-01T00:00:00Z', 7)], null, [{ age: null, count: 3 }]);
    expect(groups.map((g) => [g.age, g.count, g.works.length])).toEqual([
      [7, 1, 1],
      [null, 3, 1],
    ]);
  });

  it('is empty for no works and no totals', () => {
    expect(groupByAge([], '2020-03-01')).toEqual([]);
  });
});
