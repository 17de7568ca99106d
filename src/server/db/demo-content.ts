/**
 * Who the demo seed creates (decisions.md, "Demo content"): the accounts, their children and the
 * organizations, in one place so that the seed, the server tests and the Playwright journeys agree.
 * Plain data with no imports, so that e2e specs can import it without the server's dependencies.
 *
 * The museum is Japanese first, so two of the three families are Japanese and write as Japanese
 * families do; the third speaks English, so that an English visitor also meets English works.
 * Usernames follow the contract's rule (letters, digits, @.+-_), so they stay in romaji; the real
 * names are written as each family would write them.
 */
export const DEMO_PASSWORD = 'Demo1234';

export interface DemoChild {
  username: string;
  firstName: string;
  dateOfBirth: string;
}

export interface DemoFamily {
  email: string;
  parentName: string;
  address: string;
}

/** The family a newcomer logs in as (README): hana and her younger brother sora share their works with each other. */
export const DEMO_FAMILY = {
  email: 'demo@example.com',
  parentName: '山本 ゆかり',
  address: '東京都 (Tokyo)',
  hana: { username: 'hana', firstName: '山本 はな', dateOfBirth: '2017-04-12' },
  sora: { username: 'sora', firstName: '山本 そら', dateOfBirth: '2019-09-03' },
} as const satisfies DemoFamily & Record<'hana' | 'sora', DemoChild>;

/** A second Japanese family whose public works fill the public gallery beyond one page. */
export const GALLERY_FAMILY = {
  email: 'gallery@example.com',
  parentName: '中村 あきこ',
  address: '大阪府 (Osaka)',
  ren: { username: 'ren', firstName: '中村 れん', dateOfBirth: '2016-02-20' },
  yui: { username: 'yui', firstName: '中村 ゆい', dateOfBirth: '2018-11-08' },
} as const satisfies DemoFamily & Record<'ren' | 'yui', DemoChild>;

/** An English-speaking family living in Japan: its public works are in English. */
export const ENGLISH_FAMILY = {
  email: 'demo-en@example.com',
  parentName: 'Emma Wilson',
  address: '神奈川県 (Kanagawa)',
  lily: { username: 'lily', firstName: 'Lily Wilson', dateOfBirth: '2016-06-15' },
  noah: { username: 'noah', firstName: 'Noah Wilson', dateOfBirth: '2019-01-22' },
} as const satisfies DemoFamily & Record<'lily' | 'noah', DemoChild>;

/** hana belongs to Sakura; Aozora has no members, for trying a code on a profile of one's own. */
export const DEMO_ORGANIZATIONS = {
  sakura: { name: 'さくら絵画教室', code: '123456' },
  aozora: { name: 'あおぞらキッズアトリエ', code: '654321' },
} as const;

/**
 * The people who run things (issue 12): a super admin appointed by the company, and staff for each organization.
 * Staff are parent accounts with no children of their own here; the same password as the families.
 */
export const DEMO_STAFF = {
  admin: { email: 'admin@example.com', parentName: 'Little Museum 運営', address: '東京都 (Tokyo)' },
  sakura: { email: 'staff@example.com', parentName: '佐藤 みどり', address: '東京都 (Tokyo)' },
  aozora: { email: 'aozora-staff@example.com', parentName: '青木 たけし', address: '神奈川県 (Kanagawa)' },
} as const satisfies Record<string, DemoFamily>;

/** Named in both languages, as the sponsor banners are, so that an English visitor can read them too. */
export const DEMO_CONTESTS = {
  autumn: '秋のおえかきコンテスト (Autumn Drawing Contest)',
  winter: '冬の絵日記コンテスト (Winter Picture Diary)',
  summer: 'なつやすみの思い出 (Summer Holiday Memories)',
  watercolor: 'はじめての水彩 (My First Watercolour)',
  sea: 'うみのいきもの (Creatures of the Sea)',
} as const;

/**
 * The demo's artist classes (issue 13): free and paid, live and recorded, in both organizations; named in both
 * languages like the contests. `draft` is unpublished (only its staff see it in the console).
 */
export const DEMO_CLASSES = {
  watercolor: 'はじめての水彩 (Watercolour for Beginners)',
  liveDrawing: 'オンラインお絵かき教室 (Live Drawing Lesson)',
  clay: 'ねんどで動物をつくろう (Clay Animals)',
  draft: '冬の版画 (Winter Prints)',
  crayonSky: 'クレヨンでえがく空 (Skies in Crayon)',
  collage: 'コラージュ入門 (Collage for Beginners)',
} as const;
