/**
 * Demo works (works notes, "Demo seed additions"). The demo family holds 4 images, so its parent
 * can still upload one on the free plan; the gallery family holds 12 public works (the seed
 * bypasses the quota), so the public gallery has 14 and "See more" shows. A few likes make the
 * counts alive. Drawings are rendered before the seed's transaction; rows go in inside it.
 */
import { renderSvgWork } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { removeImages, storeImages, type StoredImage } from '../domain/work-files';
import { car, cat, fish, flower, house, rainbow, sun, tree } from './demo-art';
import type { Tx } from './open';
import { artworkImages, artworks, artworkTags, likes } from './schema';

export type DemoProfile = 'hana' | 'sora' | 'ren' | 'yui';

/** Indexes into the seed's CATEGORIES and TAGS lists. */
const CAT = { drawing: 0, painting: 1, crafts: 2, collage: 3, clay: 4, other: 5 } as const;
const TAG = { animals: 0, family: 1, nature: 2, vehicles: 3, food: 4, fantasy: 5, seasons: 6 } as const;

interface DemoWork {
  owner: DemoProfile;
  title: string;
  description: string;
  category: number;
  tags: number[];
  isPublic: boolean;
  art: string[];
  daysAgo: number;
}

const WORKS: DemoWork[] = [
  {
    owner: 'hana',
    title: 'Sunny day at the park',
    description: 'The sun was smiling at me, and then a rainbow came out.',
    category: CAT.drawing,
    tags: [TAG.nature, TAG.seasons],
    isPublic: true,
    art: [sun(), rainbow()],
    daysAgo: 20,
  },
  {
    owner: 'hana',
    title: 'My cat Mochi',
    description: 'Mochi sleeps all day. Only for my family!',
    category: CAT.painting,
    tags: [TAG.animals, TAG.family],
    isPublic: false,
    art: [cat()],
    daysAgo: 12,
  },
  {
    owner: 'sora',
    title: 'Our house',
    description: 'This is where we live. The window on the left is my room.',
    category: CAT.drawing,
    tags: [TAG.family],
    isPublic: true,
    art: [house()],
    daysAgo: 5,
  },
  {
    owner: 'ren',
    title: 'Rainbow bridge',
    description: 'A bridge you can walk on after the rain.',
    category: CAT.painting,
    tags: [TAG.fantasy, TAG.nature],
    isPublic: true,
    art: [rainbow('#fff0f6')],
    daysAgo: 19,
  },
  {
    owner: 'yui',
    title: 'Pink flower',
    description: 'It grew in our garden.',
    category: CAT.drawing,
    tags: [TAG.nature],
    isPublic: true,
    art: [flower()],
    daysAgo: 18,
  },
  {
    owner: 'ren',
    title: 'Red racing car',
    description: 'The fastest car in the world.',
    category: CAT.drawing,
    tags: [TAG.vehicles],
    isPublic: true,
    art: [car()],
    daysAgo: 17,
  },
  {
    owner: 'yui',
    title: 'Blue fish',
    description: 'Swimming in the big sea.',
    category: CAT.painting,
    tags: [TAG.animals],
    isPublic: true,
    art: [fish()],
    daysAgo: 16,
  },
  {
    owner: 'ren',
    title: 'Big apple tree',
    description: 'Apples for everybody!',
    category: CAT.drawing,
    tags: [TAG.nature, TAG.food],
    isPublic: true,
    art: [tree()],
    daysAgo: 15,
  },
  {
    owner: 'yui',
    title: 'Grey cat',
    description: 'The neighbour’s cat says hello.',
    category: CAT.collage,
    tags: [TAG.animals],
    isPublic: true,
    art: [cat('#adb5bd', '#f8f9fa')],
    daysAgo: 14,
  },
  {
    owner: 'ren',
    title: 'Goldfish',
    description: 'From the summer festival.',
    category: CAT.crafts,
    tags: [TAG.animals, TAG.seasons],
    isPublic: true,
    art: [fish('#f77f00', '#e0fbfc')],
    daysAgo: 11,
  },
  {
    owner: 'yui',
    title: 'Yellow house',
    description: 'A house for my dolls.',
    category: CAT.crafts,
    tags: [TAG.family],
    isPublic: true,
    art: [house('#ffb703', '#ffffff')],
    daysAgo: 10,
  },
  {
    owner: 'ren',
    title: 'Orange cat',
    description: 'He likes fish.',
    category: CAT.clay,
    tags: [TAG.animals, TAG.food],
    isPublic: true,
    art: [cat('#e76f51', '#fefae0')],
    daysAgo: 9,
  },
  {
    owner: 'yui',
    title: 'Autumn tree',
    description: 'The leaves turned orange.',
    category: CAT.painting,
    tags: [TAG.seasons, TAG.nature],
    isPublic: true,
    art: [tree('#e85d04', '#fff1e6')],
    daysAgo: 8,
  },
  {
    owner: 'ren',
    title: 'Morning sun',
    description: 'Good morning, sun!',
    category: CAT.drawing,
    tags: [TAG.nature],
    isPublic: true,
    art: [sun('#ffb703', '#ffe5ec')],
    daysAgo: 4,
  },
  {
    owner: 'yui',
    title: 'Purple flower',
    description: 'For mum on her birthday.',
    category: CAT.other,
    tags: [TAG.family, TAG.nature],
    isPublic: true,
    art: [flower('#c77dff', '#ffd6a5')],
    daysAgo: 2,
  },
];

/** [liker, index into WORKS] */
const LIKES: [DemoProfile, number][] = [
  ['sora', 0],
  ['ren', 0],
  ['yui', 0],
  ['hana', 4],
  ['yui', 3],
  ['hana', 2],
];

export type RenderedWorks = StoredImage[][];

/** Renders and stores every drawing; on failure nothing stays behind. */
export async function renderDemoWorks(storage: StorageAdapter): Promise<RenderedWorks> {
  const done: RenderedWorks = [];
  try {
    for (const work of WORKS) {
      const encoded = [];
      for (const svg of work.art) encoded.push(await renderSvgWork(svg));
      done.push(await storeImages(storage, encoded));
    }
    return done;
  } catch (err) {
    await removeImages(storage, done.flat());
    throw err;
  }
}

export interface DemoIds {
  profiles: Record<DemoProfile, number>;
  categories: number[];
  tags: number[];
}

export async function insertDemoWorks(tx: Tx, rendered: RenderedWorks, ids: DemoIds, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const rows = await tx
    .insert(artworks)
    .values(
      WORKS.map((w) => ({
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
  const tagRows = rows.flatMap((row, i) => WORKS[i]!.tags.map((t) => ({ artworkId: row.id, tagId: ids.tags[t]! })));
  await tx.insert(artworkTags).values(tagRows);
  await tx.insert(likes).values(LIKES.map(([who, i]) => ({ profileId: ids.profiles[who], artworkId: rows[i]!.id })));
}
