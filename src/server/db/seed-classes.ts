/**
 * The demo's artist classes (decisions.md "Demo content", issue 13): free and paid, live and recorded, in both
 * organizations, with tags, and one draft that only its staff see. hana (a member of Sakura) is signed up for the
 * free watercolour class, so her "my classes" is not empty and its video page has something to play. Thumbnails are
 * drawn like the demo works and rendered before the transaction; live classes start relative to the seed's `now`,
 * on the hour in Japan time, so they are always ahead.
 */
import { inArray } from 'drizzle-orm';

import type { StorageAdapter } from '../adapters/storage';
import { cat, flower, rocket, sun, house } from './demo-art';
import { storeDemoPicture } from './demo-pictures';
import { DEMO_CLASSES, DEMO_STAFF } from './demo-content';
import type { Tx } from './open';
import { artistClasses, artistClassTags, billingEvents, classSignups, users } from './schema';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export interface ClassThumbnails {
  watercolor: string;
  liveDrawing: string;
  clay: string;
  draft: string;
  crayonSky: string;
  collage: string;
}

const stored = (storage: StorageAdapter, svg: string) => storeDemoPicture(storage, 'classes', svg);

export async function renderClassThumbnails(storage: StorageAdapter): Promise<ClassThumbnails> {
  const [watercolor, liveDrawing, clay, draft, crayonSky, collage] = await Promise.all([
    stored(storage, flower('#a2d2ff', '#ffc8dd')),
    stored(storage, sun('#ffb703', '#e0fbfc')),
    stored(storage, cat('#bc8a5f', '#f8edeb')),
    stored(storage, house('#457b9d', '#f1faee')),
    stored(storage, rocket('#3a86ff')),
    stored(storage, flower('#ff9f1c', '#cbf3f0')),
  ]);
  return { watercolor: watercolor!, liveDrawing: liveDrawing!, clay: clay!, draft: draft!, crayonSky: crayonSky!, collage: collage! };
}

export interface ClassSeedIds {
  organizations: { sakura: number; aozora: number };
  /** hana's profile and her family's account. */
  hana: { profileId: number; userId: number };
  /** Tag ids by English name. */
  tag: (name: string) => number;
}

export async function insertDemoClasses(tx: Tx, thumbnails: ClassThumbnails, ids: ClassSeedIds, now: Date): Promise<void> {
  const staff = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_STAFF.sakura.email, DEMO_STAFF.aozora.email]));
  const staffOf = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const sakuraStaff = staffOf(DEMO_STAFF.sakura.email);
  const aozoraStaff = staffOf(DEMO_STAFF.aozora.email);
  const { sakura, aozora } = ids.organizations;
  // 10:00 in Japan (01:00 UTC), `days` from now; created a little apart so the newest-first order is stable.
  const startAt = (days: number) => new Date(Math.floor((now.getTime() + days * DAY) / DAY) * DAY + HOUR);
  const createdAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  const rows = await tx
    .insert(artistClasses)
    .values([
      {
        organizationId: sakura,
        name: DEMO_CLASSES.watercolor,
        description:
          '水彩絵の具の基本を、動画でゆっくり学びます。にじみやぼかしを楽しみましょう。\nLearn the basics of watercolour at your own pace: let the colours bleed and blend.',
        thumbnailKey: thumbnails.watercolor,
        isFree: true,
        price: 0,
        classType: 'recorded',
        videoUrl: 'https://videos.example.com/little-museum/watercolour-basics.mp4',
        published: true,
        createdBy: sakuraStaff,
        createdAt: createdAt(20),
      },
      {
        organizationId: sakura,
        name: DEMO_CLASSES.liveDrawing,
        description:
          '先生といっしょに、オンラインで好きな動物をかきます。クレヨンと画用紙を用意してください。\nDraw your favourite animal with a teacher, live online. Have crayons and paper ready.',
        thumbnailKey: thumbnails.liveDrawing,
        isFree: false,
        price: 1500,
        classType: 'real_time',
        meetingUrl: 'https://meet.example.com/sakura-live-drawing',
        startsAt: startAt(7),
        published: true,
        createdBy: sakuraStaff,
        createdAt: createdAt(10),
      },
      {
        organizationId: sakura,
        name: DEMO_CLASSES.clay,
        description: '紙ねんどで、ねこやいぬをつくります。\nMake a cat or a dog out of paper clay.',
        thumbnailKey: thumbnails.clay,
        isFree: false,
        price: 800,
        classType: 'recorded',
        videoUrl: 'https://videos.example.com/little-museum/clay-animals.mp4',
        published: true,
        createdBy: sakuraStaff,
        createdAt: createdAt(5),
      },
      {
        organizationId: sakura,
        name: DEMO_CLASSES.draft,
        description: '準備中です。\nComing soon.',
        thumbnailKey: thumbnails.draft,
        isFree: false,
        price: 1200,
        classType: 'real_time',
        meetingUrl: 'https://meet.example.com/sakura-winter-prints',
        startsAt: startAt(40),
        published: false,
        createdBy: sakuraStaff,
        createdAt: createdAt(1),
      },
      {
        organizationId: aozora,
        name: DEMO_CLASSES.crayonSky,
        description: '夕焼けや星空を、クレヨンでかいてみよう。\nDraw a sunset or a starry sky in crayon, live with the atelier.',
        thumbnailKey: thumbnails.crayonSky,
        isFree: true,
        price: 0,
        classType: 'real_time',
        meetingUrl: 'https://meet.example.com/aozora-crayon-sky',
        startsAt: startAt(3),
        published: true,
        createdBy: aozoraStaff,
        createdAt: createdAt(8),
      },
      {
        organizationId: aozora,
        name: DEMO_CLASSES.collage,
        description: '雑誌や色紙を切って貼って、一枚の絵にします。\nCut and paste magazines and coloured paper into one picture.',
        thumbnailKey: thumbnails.collage,
        isFree: false,
        price: 500,
        classType: 'recorded',
        videoUrl: 'https://videos.example.com/little-museum/collage.mp4',
        published: true,
        createdBy: aozoraStaff,
        createdAt: createdAt(3),
      },
    ])
    .returning({ id: artistClasses.id });
  const [watercolor, liveDrawing, clay, draft, crayonSky, collage] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  const tagged: [number, string][] = [
    [watercolor, 'Nature'],
    [watercolor, 'Seasons'],
    [liveDrawing, 'Animals'],
    [clay, 'Animals'],
    [draft, 'Seasons'],
    [crayonSky, 'Nature'],
    [crayonSky, 'Fantasy'],
    [collage, 'Family'],
  ];
  await tx.insert(artistClassTags).values(tagged.map(([classId, name]) => ({ classId, tagId: ids.tag(name) })));

  // hana watched the free watercolour class.
  const signedUpAt = createdAt(12);
  const [signup] = await tx
    .insert(classSignups)
    .values({
      classId: watercolor,
      profileId: ids.hana.profileId,
      status: 'confirmed',
      amount: 0,
      currency: 'jpy',
      createdAt: signedUpAt,
      confirmedAt: signedUpAt,
      mailedAt: signedUpAt,
    })
    .returning({ id: classSignups.id });
  await tx.insert(billingEvents).values({
    userId: ids.hana.userId,
    profileId: ids.hana.profileId,
    kind: 'signup.confirmed',
    actor: 'system',
    amount: 0,
    currency: 'jpy',
    detail: { signup_id: signup!.id, class_id: watercolor, free: true, demo: true },
    createdAt: signedUpAt,
  });
}
