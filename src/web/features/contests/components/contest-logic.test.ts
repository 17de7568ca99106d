import { describe, expect, it } from 'vitest';

import type { Contest } from '@contract/contests';
import { contestIdFrom, eligibilityLines, entryBlock, formatJapanDate, splitSections } from './contest-logic';

function contest(id: number, status: Contest['status']): Contest {
  return {
    id,
    name: `Contest ${id}`,
    title: `Contest ${id}`,
    thumbnail: null,
    organization: { id: 1, name: 'Sakura' },
    start_date: null,
    end_date: null,
    status,
    members_only: false,
    winner: null,
    user: null,
    explanation: '',
    eligibility_criteria: '',
    entry_count: 0,
    entry_history: [],
    eligible: false,
    my_entries: [],
  };
}

describe('splitSections', () => {
  it('puts running and scheduled contests first and held ones apart, in order', () => {
    const { upcoming, held } = splitSections([contest(1, 'in_session'), contest(2, 'already_held'), contest(3, 'scheduled')]);
    expect(upcoming.map((c) => c.id)).toEqual([1, 3]);
    expect(held.map((c) => c.id)).toEqual([2]);
  });

  it('keeps a contest seen on two pages once', () => {
    const { upcoming, held } = splitSections([contest(1, 'in_session'), contest(1, 'in_session'), contest(2, 'already_held')]);
    expect(upcoming).toHaveLength(1);
    expect(held).toHaveLength(1);
  });
});

describe('formatJapanDate', () => {
  it("shows Japan's calendar day whatever the phone's time zone", () => {
    // 15:30 UTC on 31 Oct is 00:30 on 1 Nov in Japan.
    expect(formatJapanDate('2026-10-31T15:30:00Z', 'ja')).toBe('2026/11/01');
    expect(formatJapanDate('2026-10-31T15:30:00Z', 'en')).toBe('01 Nov 2026');
  });

  it('adds the time in Japan when asked', () => {
    expect(formatJapanDate('2026-10-31T15:30:00Z', 'ja', true)).toBe('2026/11/01 00:30');
    expect(formatJapanDate('2026-10-31T15:30:00Z', 'en', true)).toBe('01 Nov 2026, 00:30');
  });

  it('has nothing for a missing or unreadable date', () => {
    expect(formatJapanDate(null, 'en')).toBeNull();
    expect(formatJapanDate('not a date', 'en')).toBeNull();
  });
});

describe('eligibilityLines', () => {
  it('splits on any line break and drops empty lines', () => {
    expect(eligibilityLines('Ages 6 to 12\r\n\n  Members of Sakura  \rOne work per child')).toEqual([
      'Ages 6 to 12',
      'Members of Sakura',
      'One work per child',
    ]);
    expect(eligibilityLines('  ')).toEqual([]);
  });
});

describe('entryBlock', () => {
  it('lets an eligible child enter a contest in session', () => {
    expect(entryBlock({ status: 'in_session', eligible: true, members_only: false })).toBeNull();
  });

  it('says why not', () => {
    expect(entryBlock({ status: 'scheduled', eligible: false, members_only: true })).toBe('not_in_session');
    expect(entryBlock({ status: 'already_held', eligible: true, members_only: false })).toBe('not_in_session');
    expect(entryBlock({ status: 'in_session', eligible: false, members_only: true })).toBe('members_only');
  });
});

describe('contestIdFrom', () => {
  it('reads the navigation state first, then ?id=', () => {
    expect(contestIdFrom({ contestId: 7 }, '?id=9')).toBe(7);
    expect(contestIdFrom(null, '?id=9')).toBe(9);
    expect(contestIdFrom({ other: 1 }, 'id=12')).toBe(12);
  });

  it('names no contest for anything else', () => {
    expect(contestIdFrom(null, '')).toBeNull();
    expect(contestIdFrom({ contestId: -1 }, '?id=abc')).toBeNull();
    expect(contestIdFrom(null, '?id=0')).toBeNull();
    expect(contestIdFrom(null, '?id=99999999999')).toBeNull();
  });
});
