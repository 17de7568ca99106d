/**
 * The demo's organizations at work (issue 12): a super admin, staff for each organization, members (one of them
 * waiting for approval), and contests in all three states with entries from the demo children and one winner.
 * Dates are relative to the seed's `now`, so the states hold whenever the demo starts. Thumbnails are drawn like
 * the demo works and rendered before the transaction.
 */
import { eq } from 'drizzle-orm';

import type { StorageAdapter } from '../adapters/storage';
import { fuji, rainbow, sakura, fish, tree } from './demo-art';
import { storeDemoPicture } from './demo-pictures';
import { DEMO_CONTESTS, DEMO_STAFF, type DemoFamily } from './demo-content';
import type { Tx } from './open';
import { contestEntries, contests, organizationStaff, profileOrganizations, users } from './schema';
import type { DemoProfile } from './seed-works';

const DAY = 24 * 60 * 60 * 1000;

export interface ContestThumbnails {
  autumn: string;
  winter: string;
  summer: string;
  watercolor: string;
  sea: string;
}

const stored = (storage: StorageAdapter, svg: string) => storeDemoPicture(storage, 'contests', svg);

export async function renderContestThumbnails(storage: StorageAdapter): Promise<ContestThumbnails> {
  return {
    autumn: await stored(storage, tree('#e76f51', '#fff1e6')),
    winter: await stored(storage, fuji('#e8f1ff', '#8da9c4', '#ffffff', 150)),
    summer: await stored(storage, rainbow('#fff7d6')),
    watercolor: await stored(storage, sakura('#bde0fe', '#f0f7ff')),
    sea: await stored(storage, fish('#ffb703', '#caf0f8')),
  };
}

export interface ContestSeedIds {
  organizations: { sakura: number; aozora: number };
  profiles: Record<DemoProfile, number>;
  workId: (title: string) => number;
}

export async function insertDemoOrganizationsAtWork(
  tx: Tx,
  passwordHash: string,
  thumbnails: ContestThumbnails,
  ids: ContestSeedIds,
  now: Date,
): Promise<void> {
  const account = async (who: DemoFamily, superAdmin = false) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: who.email,
        passwordHash,
        firstName: who.parentName,
        address: who.address,
        emailVerifiedAt: now,
        isSuperAdmin: superAdmin,
      })
      .returning({ id: users.id });
    return row!.id;
  };
  await account(DEMO_STAFF.admin, true);
  const sakuraStaff = await account(DEMO_STAFF.sakura);
  const aozoraStaff = await account(DEMO_STAFF.aozora);
  const { sakura: sakuraOrg, aozora: aozoraOrg } = ids.organizations;
  await tx.insert(organizationStaff).values([
    { organizationId: sakuraOrg, userId: sakuraStaff },
    { organizationId: aozoraOrg, userId: aozoraStaff },
  ]);

  // hana is a member of Sakura already (seed.ts); ren too, and yui asked to join and waits for the staff.
  const p = ids.profiles;
  await tx.insert(profileOrganizations).values([
    { profileId: p.ren, organizationId: sakuraOrg, requestedAt: new Date(now.getTime() - 40 * DAY) },
    { profileId: p.yui, organizationId: sakuraOrg, status: 'pending', requestedAt: new Date(now.getTime() - 2 * DAY) },
    { profileId: p.lily, organizationId: aozoraOrg, requestedAt: new Date(now.getTime() - 20 * DAY) },
  ]);

  // On the hour (Japan's offset is whole hours), as staff would set them.
  const HOUR = 60 * 60 * 1000;
  const at = (days: number) => new Date(Math.floor((now.getTime() + days * DAY) / HOUR) * HOUR);
  const rows = await tx
    .insert(contests)
    .values([
      {
        organizationId: sakuraOrg,
        name: DEMO_CONTESTS.autumn,
        thumbnailKey: thumbnails.autumn,
        explanation:
          '秋に見つけたすてきなものを、自由にかいてください。落ち葉、くだもの、お月見、なんでも大歓迎です。\nDraw something lovely you found this autumn: leaves, fruit, the moon, anything at all.',
        eligibilityCriteria:
          '小学生以下のお子さま / Children of primary-school age or younger\nおひとり何作品でも / Any number of works per child',
        startsAt: at(-10),
        endsAt: at(20),
        createdBy: sakuraStaff,
      },
      {
        organizationId: sakuraOrg,
        name: DEMO_CONTESTS.winter,
        thumbnailKey: thumbnails.winter,
        explanation: '冬休みの一日を、絵日記にしてみましょう。\nTurn one day of your winter holiday into a picture diary.',
        eligibilityCriteria: 'さくら絵画教室の生徒 / Students of Sakura Art Classroom',
        startsAt: at(14),
        endsAt: at(45),
        membersOnly: true,
        createdBy: sakuraStaff,
      },
      {
        organizationId: sakuraOrg,
        name: DEMO_CONTESTS.summer,
        thumbnailKey: thumbnails.summer,
        explanation: 'なつやすみにいちばん楽しかったことをかいてください。\nDraw the best thing that happened in your summer holiday.',
        eligibilityCriteria: '小学生以下のお子さま / Children of primary-school age or younger',
        startsAt: at(-90),
        endsAt: at(-30),
        createdBy: sakuraStaff,
      },
      {
        organizationId: aozoraOrg,
        name: DEMO_CONTESTS.watercolor,
        thumbnailKey: thumbnails.watercolor,
        explanation: '水彩絵の具で、にじむ色を楽しもう。\nEnjoy colours that bleed and blend with watercolours.',
        eligibilityCriteria: 'あおぞらキッズアトリエの生徒 / Members of Aozora Kids Atelier',
        startsAt: at(-3),
        endsAt: at(27),
        membersOnly: true,
        createdBy: aozoraStaff,
      },
      {
        organizationId: aozoraOrg,
        name: DEMO_CONTESTS.sea,
        thumbnailKey: thumbnails.sea,
        explanation: '海にすむいきものをかこう。\nDraw a creature that lives in the sea.',
        eligibilityCriteria: 'どなたでも / Everyone is welcome',
        startsAt: at(-60),
        endsAt: at(-10),
        createdBy: aozoraStaff,
      },
    ])
    .returning({ id: contests.id });
  const [autumn, , summer, , sea] = rows.map((r) => r.id) as [number, number, number, number, number];

  const entry = (contestId: number, who: DemoProfile, title: string, daysAgo: number) => ({
    contestId,
    artworkId: ids.workId(title),
    profileId: p[who],
    consentedAt: at(-daysAgo),
    createdAt: at(-daysAgo),
  });
  await tx
    .insert(contestEntries)
    .values([
      entry(autumn, 'hana', '公園のおひさま', 8),
      entry(autumn, 'ren', 'りんごの木', 6),
      entry(autumn, 'lily', 'Cherry blossom picnic', 3),
      entry(summer, 'yui', 'ピンクのおはな', 70),
      entry(summer, 'noah', 'Shinkansen', 60),
      entry(sea, 'yui', 'あおいおさかな', 40),
    ]);
  const summerEntries = await tx
    .insert(contestEntries)
    .values(entry(summer, 'ren', '夏まつりの金魚', 80))
    .returning({ id: contestEntries.id });
  // ren's goldfish won the summer contest, picked a week after it closed.
  await tx
    .update(contests)
    .set({ winnerEntryId: summerEntries[0]!.id, decidedAt: at(-23) })
    .where(eq(contests.id, summer));
}
