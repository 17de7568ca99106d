/**
 * Demo content (decisions.md, "Demo content"), written only into an empty database and only when
 * DEMO is not '0', so a newcomer sees a living museum: three families (demo-content.ts), the
 * organizations, categories and tags (named in both languages; the request's language picks one),
 * the blog link, the works (seed-works.ts), the organizations' staff, super admin and contests
 * (seed-contests.ts), and their artist classes (seed-classes.ts). Avatars and works are drawn as SVG and rendered by
 * sharp; nothing is downloaded.
 */
import { count } from 'drizzle-orm';

import type { StorageAdapter } from '../adapters/storage';
import { hashPassword } from '../domain/passwords';
import {
  DEMO_FAMILY,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  ENGLISH_FAMILY,
  GALLERY_FAMILY,
  type DemoChild,
  type DemoFamily,
} from './demo-content';
import { storeDemoPicture } from './demo-pictures';
import type { Db, Tx } from './open';
import { categories, navbarLinks, organizations, profileOrganizations, profileShares, profiles, tags, users } from './schema';
import { insertDemoClasses, renderClassThumbnails } from './seed-classes';
import { insertDemoOrganizationsAtWork, renderContestThumbnails } from './seed-contests';
import { insertDemoWorks, renderDemoWorks } from './seed-works';

const CATEGORIES = [
  ['Drawing', 'お絵かき'],
  ['Painting', '絵の具'],
  ['Crafts', '工作'],
  ['Collage', 'コラージュ'],
  ['Clay', 'ねんど'],
  ['Other', 'その他'],
] as const;

const TAGS = [
  ['Animals', 'どうぶつ'],
  ['Family', 'かぞく'],
  ['Nature', 'しぜん'],
  ['Vehicles', 'のりもの'],
  ['Food', 'たべもの'],
  ['Fantasy', 'ファンタジー'],
  ['Seasons', 'きせつ'],
] as const;

/** A smiling face on a coloured disc. */
export function avatarSvg(background: string, cheeks: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="#fff8ef"/>
  <circle cx="128" cy="128" r="120" fill="${background}"/>
  <circle cx="92" cy="110" r="14" fill="#3b2f2f"/>
  <circle cx="164" cy="110" r="14" fill="#3b2f2f"/>
  <circle cx="70" cy="150" r="14" fill="${cheeks}" opacity="0.7"/>
  <circle cx="186" cy="150" r="14" fill="${cheeks}" opacity="0.7"/>
  <path d="M84 160 Q128 205 172 160" stroke="#3b2f2f" stroke-width="10" fill="none" stroke-linecap="round"/>
</svg>`;
}

function avatar(storage: StorageAdapter, background: string, cheeks: string): Promise<string> {
  return storeDemoPicture(storage, 'avatars', avatarSvg(background, cheeks));
}

interface ChildSeed {
  child: DemoChild;
  picture: string;
  isPublished?: boolean;
}

/** One family: its parent account and its children, in order. */
async function insertFamily(tx: Tx, family: DemoFamily, passwordHash: string, children: ChildSeed[]) {
  const [parent] = await tx
    .insert(users)
    .values({ email: family.email, passwordHash, firstName: family.parentName, address: family.address, emailVerifiedAt: new Date() })
    .returning();
  return tx
    .insert(profiles)
    .values(
      children.map(({ child, picture, isPublished }) => ({
        userId: parent!.id,
        username: child.username,
        firstName: child.firstName,
        dateOfBirth: child.dateOfBirth,
        address: family.address,
        pictureKey: picture,
        isPublished: isPublished ?? false,
      })),
    )
    .returning();
}

/** Seeds when the users table is empty; returns whether it did. */
export async function seedDemo(db: Db, storage: StorageAdapter): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  // Slow work (argon2, sharp) first, so the transaction stays short on single-connection PGlite.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hanaPicture = await avatar(storage, '#f6b26b', '#e06666');
  const soraPicture = await avatar(storage, '#6fa8dc', '#f4a7b9');
  const renPicture = await avatar(storage, '#93c47d', '#e06666');
  const yuiPicture = await avatar(storage, '#c27ba0', '#f6b26b');
  const lilyPicture = await avatar(storage, '#ffd966', '#f4a7b9');
  const noahPicture = await avatar(storage, '#76a5af', '#e06666');
  const works = await renderDemoWorks(storage);
  const contestThumbnails = await renderContestThumbnails(storage);
  const classThumbnails = await renderClassThumbnails(storage);

  await db.transaction(async (tx) => {
    // hana and sora share their works with each other: each one's family gallery shows the other's.
    const [hana, sora] = await insertFamily(tx, DEMO_FAMILY, passwordHash, [
      { child: DEMO_FAMILY.hana, picture: hanaPicture, isPublished: true },
      { child: DEMO_FAMILY.sora, picture: soraPicture },
    ]);
    const [sakura, aozora] = await tx.insert(organizations).values([DEMO_ORGANIZATIONS.sakura, DEMO_ORGANIZATIONS.aozora]).returning();
    await tx.insert(profileOrganizations).values({ profileId: hana!.id, organizationId: sakura!.id });

    // A second family whose public works fill the public gallery beyond one page.
    const [ren, yui] = await insertFamily(tx, GALLERY_FAMILY, passwordHash, [
      { child: GALLERY_FAMILY.ren, picture: renPicture, isPublished: true },
      { child: GALLERY_FAMILY.yui, picture: yuiPicture, isPublished: true },
    ]);

    // An English-speaking family, so that an English visitor meets English works too.
    const [lily, noah] = await insertFamily(tx, ENGLISH_FAMILY, passwordHash, [
      { child: ENGLISH_FAMILY.lily, picture: lilyPicture, isPublished: true },
      { child: ENGLISH_FAMILY.noah, picture: noahPicture, isPublished: true },
    ]);

    await tx.insert(profileShares).values([
      { ownerProfileId: hana!.id, targetProfileId: sora!.id },
      { ownerProfileId: sora!.id, targetProfileId: hana!.id },
      { ownerProfileId: ren!.id, targetProfileId: yui!.id },
      { ownerProfileId: lily!.id, targetProfileId: noah!.id },
      { ownerProfileId: noah!.id, targetProfileId: lily!.id },
    ]);

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map(([nameEn, nameJa], i) => ({ nameEn, nameJa, sortOrder: i })))
      .returning({ id: categories.id });
    const tagRows = await tx
      .insert(tags)
      .values(TAGS.map(([nameEn, nameJa], i) => ({ nameEn, nameJa, sortOrder: i })))
      .returning({ id: tags.id });
    await tx.insert(navbarLinks).values({ navbarType: 'blog', url: 'https://note.com/littlemuseum' });
    const now = new Date();
    const demoProfiles = { hana: hana!.id, sora: sora!.id, ren: ren!.id, yui: yui!.id, lily: lily!.id, noah: noah!.id };
    const workId = await insertDemoWorks(
      tx,
      works,
      { profiles: demoProfiles, categories: categoryRows.map((r) => r.id), tags: tagRows.map((r) => r.id) },
      now,
    );
    await insertDemoOrganizationsAtWork(
      tx,
      passwordHash,
      contestThumbnails,
      { organizations: { sakura: sakura!.id, aozora: aozora!.id }, profiles: demoProfiles, workId },
      now,
    );
    const tagId = new Map(TAGS.map(([nameEn], i) => [nameEn as string, tagRows[i]!.id]));
    await insertDemoClasses(
      tx,
      classThumbnails,
      {
        organizations: { sakura: sakura!.id, aozora: aozora!.id },
        hana: { profileId: hana!.id, userId: hana!.userId },
        tag: (name) => tagId.get(name)!,
      },
      now,
    );
  });
  await (await import('./seed-banners')).seedBanners(db, storage);
  return true;
}
