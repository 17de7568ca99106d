/**
 * A child's lifelong timeline (issue 15): the works grouped by the age the child was when each was made, newest
 * first. The age is the contract's `ageAt` (src/contract/accounts.ts), the server's `creator_age`: whole years from the
 * date of birth to the work's calendar day in Japan. The counts are the server's totals per age (contract timeline.ts), so a
 * group shows how many works that year holds even before all of them are loaded.
 */
import { ageAt } from '@contract/accounts';
import type { TimelineAge } from '@contract/timeline';
import type { Work } from '@contract/works';

export interface TimelineGroup {
  /** The age in whole years; null when the profile has no date of birth. */
  age: number | null;
  /** Every work of this age (the server's total), loaded or not. */
  count: number;
  /** The loaded works of this age, newest first. */
  works: Work[];
}

/**
 * The loaded works (newest first) in groups by age: the groups of `totals` in their order (highest age first, no
 * age last), each with its loaded works; an age the loaded works have but the totals lack (a work added since)
 * gets a group of its own, counted by what is loaded.
 */
export function groupByAge(
  works: readonly Work[],
  dateOfBirth: string | null | undefined,
  totals: readonly TimelineAge[] = [],
): TimelineGroup[] {
  const groups = new Map<number | null, TimelineGroup>();
  for (const t of totals) groups.set(t.age, { age: t.age, count: t.count, works: [] });
  for (const w of works) {
    const age = dateOfBirth ? ageAt(dateOfBirth, w.created_at) : w.creator_age;
    let group = groups.get(age);
    if (!group) groups.set(age, (group = { age, count: 0, works: [] }));
    group.works.push(w);
  }
  for (const g of groups.values()) g.count = Math.max(g.count, g.works.length);
  return [...groups.values()].sort((a, b) => (a.age === null ? 1 : b.age === null ? -1 : b.age - a.age));
}
