/**
 * Demo content (notes: "Demo data", works notes "Demo seed additions"), written only into an empty
 * database and only when DEMO is not '0', so a newcomer sees a living museum. Avatars and works are
 * drawn as SVG and rendered by sharp; nothing is downloaded.
 */
import { randomBytes } from 'node:crypto';

import { count } from 'drizzle-orm';

import { renderSvg } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { hashPassword } from '../domain/passwords';
import type { Db } from './open';
import { categories, navbarLinks, organizations, profileOrganizations, profileShares, profiles, tags, users } from './schema';
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

async function avatar(storage: StorageAdapter, background: string, cheeks: string): Promise<string> {
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, await renderSvg(avatarSvg(background, cheeks)), 'image/webp');
  return key;
}

/** Seeds when the users table is empty; returns whether it did. */
export async function seedDemo(db: Db, storage: StorageAdapter): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  // Slow work (argon2, sharp) first, so the transaction stays short on single-connection PGlite.
  const passwordHash = await hashPassword('Demo1234');
  const hanaPicture = await avatar(storage, '#f6b26b', '#e06666');
  const soraPicture = await avatar(storage, '#6fa8dc', '#f4a7b9');
  const renPicture = await avatar(storage, '#93c47d', '#e06666');
  const yuiPicture = await avatar(storage, '#c27ba0', '#f6b26b');
  const works = await renderDemoWorks(storage);

  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(users)
      .values({ email: 'demo@example.com', passwordHash, firstName: 'Demo Parent', address: '東京都 (Tokyo)', emailVerifiedAt: new Date() })
      .returning();
    const [hana, sora] = await tx
      .insert(profiles)
      .values([
        {
          userId: demo!.id,
          username: 'hana',
          firstName: 'Hana',
          dateOfBirth: '2017-04-12',
          address: '東京都 (Tokyo)',
          pictureKey: hanaPicture,
          isPublished: true,
        },
        {
          userId: demo!.id,
          username: 'sora',
          firstName: 'Sora',
          dateOfBirth: '2019-09-03',
          address: '東京都 (Tokyo)',
          pictureKey: soraPicture,
        },
      ])
      .returning();
    const [sakura] = await tx
      .insert(organizations)
      .values([
        { name: 'Sakura Art Classroom', code: '123456' },
        { name: 'Aozora Kids Atelier', code: '654321' },
      ])
      .returning();
    await tx.insert(profileOrganizations).values({ profileId: hana!.id, organizationId: sakura!.id });
    await tx.insert(profileShares).values({ ownerProfileId: hana!.id, targetProfileId: sora!.id });

    // A second family whose public works fill the public gallery beyond one page.
    const [gallery] = await tx
      .insert(users)
      .values({
        email: 'gallery@example.com',
        passwordHash,
        firstName: 'Gallery Parent',
        address: '大阪府 (Osaka)',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const [ren, yui] = await tx
      .insert(profiles)
      .values([
        {
          userId: gallery!.id,
          username: 'ren',
          firstName: 'Ren',
          dateOfBirth: '2016-02-20',
          address: '大阪府 (Osaka)',
          pictureKey: renPicture,
          isPublished: true,
        },
        {
          userId: gallery!.id,
          username: 'yui',
          firstName: 'Yui',
          dateOfBirth: '2018-11-08',
          address: '大阪府 (Osaka)',
          pictureKey: yuiPicture,
          isPublished: true,
        },
      ])
      .returning();
    await tx.insert(profileShares).values({ ownerProfileId: ren!.id, targetProfileId: yui!.id });

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map(([nameEn, nameJa], i) => ({ nameEn, nameJa, sortOrder: i })))
      .returning({ id: categories.id });
    const tagRows = await tx
      .insert(tags)
      .values(TAGS.map(([nameEn, nameJa], i) => ({ nameEn, nameJa, sortOrder: i })))
      .returning({ id: tags.id });
    await tx.insert(navbarLinks).values({ navbarType: 'blog', url: 'https://note.com/littlemuseum' });
    await insertDemoWorks(
      tx,
      works,
      {
        profiles: { hana: hana!.id, sora: sora!.id, ren: ren!.id, yui: yui!.id },
        categories: categoryRows.map((r) => r.id),
        tags: tagRows.map((r) => r.id),
      },
      new Date(),
    );
  });
  return true;
}
