/**
 * Demo works (decisions.md, "Demo content"), written as the families would write them: the two
 * Japanese families in Japanese, the English-speaking one in English.
 *
 * The demo family holds 4 images, so its parent can still upload one on the free plan (5 per
 * account); within that, hana and sora each have a public and a private work, and they share with
 * each other, so each one's family gallery shows the other's works, private ones too. The other
 * families' works are public (the seed bypasses the quota), so the public gallery runs beyond one
 * page and "See more" shows; its first screen is Japanese, and English works follow within the first page. A few likes make the counts alive. Drawings are rendered before the
 * seed's transaction; rows go in inside it.
 */
import { renderSvgWork } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { removeSeedImages, storeSeedImages, type StoredImage } from '../domain/work-files';
import { car, cat, fish, flower, fuji, house, rainbow, rocket, sakura, sun, train, tree } from './demo-art';
import type { Tx } from './open';
import { artworkImages, artworks, artworkTags, likes } from './schema';

export type DemoProfile = 'hana' | 'sora' | 'ren' | 'yui' | 'lily' | 'noah';

/** Indexes into the seed's CATEGORIES and TAGS lists. */
const CAT = { drawing: 0, painting: 1, crafts: 2, collage: 3, clay: 4, other: 5 } as const;
const TAG = { animals: 0, family: 1, nature: 2, vehicles: 3, food: 4, fantasy: 5, seasons: 6 } as const;

export interface DemoWork {
  owner: DemoProfile;
  title: string;
  description: string;
  category: number;
  tags: number[];
  isPublic: boolean;
  art: string[];
  daysAgo: number;
}

export const DEMO_WORKS: readonly DemoWork[] = [
  // The demo family (Tokyo): hana is in the third grade, sora in the first; their mother writes some of the notes.
  {
    owner: 'hana',
    title: '公園のおひさま',
    description: '日曜日に公園へ行ったら、おひさまがにこにこ笑っていました。',
    category: CAT.drawing,
    tags: [TAG.nature, TAG.seasons],
    isPublic: true,
    art: [sun()],
    daysAgo: 20,
  },
  {
    owner: 'hana',
    title: 'ねこのモチ',
    description: 'モチはいつもねてばかり。この絵はかぞくだけのひみつ。',
    category: CAT.painting,
    tags: [TAG.animals, TAG.family],
    isPublic: false,
    art: [cat()],
    daysAgo: 12,
  },
  {
    owner: 'sora',
    title: 'ぼくのおうち',
    description: 'ひだりの まどが ぼくの へや。',
    category: CAT.drawing,
    tags: [TAG.family],
    isPublic: true,
    art: [house()],
    daysAgo: 3,
  },
  {
    owner: 'sora',
    title: 'おばあちゃんへ',
    description: 'おばあちゃんのお誕生日にプレゼントするお花の絵。当日まで、おばあちゃんにはないしょです。',
    category: CAT.drawing,
    tags: [TAG.family, TAG.nature],
    isPublic: false,
    art: [flower('#ff8fab', '#fff3b0')],
    daysAgo: 4,
  },
  // The gallery family (Osaka): ren is in the fourth grade, yui in the second.
  {
    owner: 'ren',
    title: 'にじの橋',
    description: '雨が上がったら、にじの上を歩いてわたってみたい。',
    category: CAT.painting,
    tags: [TAG.fantasy, TAG.nature],
    isPublic: true,
    art: [rainbow('#fff0f6')],
    daysAgo: 19,
  },
  {
    owner: 'yui',
    title: 'ピンクのおはな',
    description: 'おにわに さいてたよ。',
    category: CAT.drawing,
    tags: [TAG.nature],
    isPublic: true,
    art: [flower()],
    daysAgo: 18,
  },
  {
    owner: 'ren',
    title: 'まっかなレーシングカー',
    description: '世界一速い車。エンジンの音もかっこいい！',
    category: CAT.drawing,
    tags: [TAG.vehicles],
    isPublic: true,
    art: [car()],
    daysAgo: 17,
  },
  {
    owner: 'yui',
    title: 'あおいおさかな',
    description: 'ひろい うみを すいすい およいでるの。',
    category: CAT.painting,
    tags: [TAG.animals],
    isPublic: true,
    art: [fish()],
    daysAgo: 16,
  },
  {
    owner: 'ren',
    title: 'りんごの木',
    description: 'りんごがいっぱい。みんなの分もあるよ！',
    category: CAT.drawing,
    tags: [TAG.nature, TAG.food],
    isPublic: true,
    art: [tree()],
    daysAgo: 15,
  },
  {
    owner: 'yui',
    title: 'おとなりのねこちゃん',
    description: 'いつも へいの上で ひなたぼっこ してるよ。',
    category: CAT.collage,
    tags: [TAG.animals],
    isPublic: true,
    art: [cat('#adb5bd', '#f8f9fa')],
    daysAgo: 14,
  },
  {
    owner: 'ren',
    title: '夏まつりの金魚',
    description: '金魚すくいで2ひきとれたので、色紙で作りました。',
    category: CAT.crafts,
    tags: [TAG.animals, TAG.seasons],
    isPublic: true,
    art: [fish('#f77f00', '#e0fbfc')],
    daysAgo: 11,
  },
  {
    owner: 'yui',
    title: 'きいろいおうち',
    description: 'おにんぎょうさんの おうちを つくったよ。',
    category: CAT.crafts,
    tags: [TAG.family],
    isPublic: true,
    art: [house('#ffb703', '#ffffff')],
    daysAgo: 10,
  },
  {
    owner: 'ren',
    title: 'うちのトラ',
    description: 'ねんどで作った、うちのねこのトラ。魚が大好き。',
    category: CAT.clay,
    tags: [TAG.animals, TAG.food],
    isPublic: true,
    art: [cat('#e76f51', '#fefae0')],
    daysAgo: 6,
  },
  {
    owner: 'yui',
    title: 'あきの木',
    description: 'はっぱが オレンジいろに なったよ。',
    category: CAT.painting,
    tags: [TAG.seasons, TAG.nature],
    isPublic: true,
    art: [tree('#e85d04', '#fff1e6')],
    daysAgo: 8,
  },
  {
    owner: 'yui',
    title: 'むらさきのおはな',
    description: 'ママの おたんじょうびに プレゼントしたよ。',
    category: CAT.other,
    tags: [TAG.family, TAG.nature],
    isPublic: true,
    art: [flower('#c77dff', '#ffd6a5')],
    daysAgo: 1,
  },
  // The English-speaking family (Kanagawa): lily is ten, noah seven.
  {
    owner: 'lily',
    title: 'Mount Fuji, morning and evening',
    description: 'On clear days we can see Mount Fuji from our balcony. I painted it in the morning and again at sunset.',
    category: CAT.painting,
    tags: [TAG.nature, TAG.seasons],
    isPublic: true,
    art: [fuji(), fuji('#ffd6a5', '#6d597a', '#f4845f', 330)],
    daysAgo: 13,
  },
  {
    owner: 'lily',
    title: 'Cherry blossom picnic',
    description: 'We ate onigiri under the cherry trees, and the petals kept falling on our blanket.',
    category: CAT.drawing,
    tags: [TAG.seasons, TAG.food],
    isPublic: true,
    art: [sakura()],
    daysAgo: 7,
  },
  {
    owner: 'noah',
    title: 'Shinkansen',
    description: 'Grandpa and I waved at the bullet train. It went WHOOSH!',
    category: CAT.drawing,
    tags: [TAG.vehicles],
    isPublic: true,
    art: [train()],
    daysAgo: 9,
  },
  {
    owner: 'noah',
    title: 'Rocket to the moon',
    description: '3, 2, 1, blast off! I am the pilot.',
    category: CAT.drawing,
    tags: [TAG.vehicles, TAG.fantasy],
    isPublic: true,
    art: [rocket()],
    daysAgo: 5,
  },
];

/** Who likes which work (by title). */
const LIKES: [DemoProfile, string][] = [
  ['sora', '公園のおひさま'],
  ['ren', '公園のおひさま'],
  ['yui', '公園のおひさま'],
  ['hana', 'ぼくのおうち'],
  ['hana', 'ピンクのおはな'],
  ['hana', 'Mount Fuji, morning and evening'],
  ['yui', 'にじの橋'],
  ['ren', 'Rocket to the moon'],
  ['lily', 'Rocket to the moon'],
  ['noah', 'まっかなレーシングカー'],
];

export type RenderedWorks = StoredImage[][];

/** Renders and stores every drawing; on failure nothing stays behind. */
export async function renderDemoWorks(storage: StorageAdapter): Promise<RenderedWorks> {
  const done: RenderedWorks = [];
  try {
    for (const work of DEMO_WORKS) {
      const encoded = [];
      for (const svg of work.art) encoded.push(await renderSvgWork(svg));
      done.push(await storeSeedImages(storage, encoded));
    }
    return done;
  } catch (err) {
    await removeSeedImages(storage, done.flat());
    throw err;
  }
}

export interface DemoIds {
  profiles: Record<DemoProfile, number>;
  categories: number[];
  tags: number[];
}

/** Inserts the works; answers each one's id by its title. */
export async function insertDemoWorks(tx: Tx, rendered: RenderedWorks, ids: DemoIds, now: Date): Promise<(title: string) => number> {
  const day = 24 * 60 * 60 * 1000;
  const rows = await tx
    .insert(artworks)
    .values(
      DEMO_WORKS.map((w) => ({
        profileId: ids.profiles[w.owner],
        title: w.title,
        description: w.description,
        categoryId: ids.categories[w.category] ?? null,
        isPublic: w.isPublic,
        createdAt: new Date(now.getTime() - w.daysAgo * day),
      })),
    )
    .returning({ id: artworks.id });
  const images = rows.flatMap((row, i) => (rendered[i] ?? []).map((img, position) => ({ artworkId: row.id, position, ...img })));
  await tx.insert(artworkImages).values(images);
  const tagRows = rows.flatMap((row, i) => DEMO_WORKS[i]!.tags.map((t) => ({ artworkId: row.id, tagId: ids.tags[t]! })));
  await tx.insert(artworkTags).values(tagRows);
  const idOf = (title: string) => rows[DEMO_WORKS.findIndex((w) => w.title === title)]!.id;
  await tx.insert(likes).values(LIKES.map(([who, title]) => ({ profileId: ids.profiles[who], artworkId: idOf(title) })));
  return idOf;
}
