/**
 * The API bench's data, written straight into the database (not through the API): a few verified families (two
 * children each, the first accounts on the Premium plan so that their uploads are not refused by the free quota),
 * categories and tags, and then public works with one image each (plus a private one in twenty), tags and likes,
 * up to a total of public works. Beside them one family of three children (FAMILY_EMAIL) with 200 private works
 * each, every child sharing with both siblings (profile_shares, as a family's profiles are set up), so that a
 * child's family gallery lists its siblings' 400 works; the first child likes half of them (its collection).
 * Files need not exist: the lists only name them.
 */
import { sql } from 'drizzle-orm';

import { openDatabase, type OpenOptions } from '../../src/server/db/open';
import { hashPassword } from '../../src/server/domain/passwords';

export const SEED_PASSWORD = 'Bench2024x';
export const SEED_FAMILIES = 20;
/** The first accounts hold a Premium subscription (unlimited images): the mixed load's uploaders. */
export const SEED_PREMIUM = 10;
export const seedEmail = (i: number) => `bench${i}@example.com`;
export const SEED_CHILDREN = ['kid1', 'kid2'] as const;
/** The family of three children with 200 works each (not `bench%@example.com`: it is no uploader or liker). */
export const FAMILY_EMAIL = 'trio@example.org';
export const FAMILY_CHILDREN = ['trio1', 'trio2', 'trio3'] as const;
export const FAMILY_WORKS_EACH = 200;
/** The family circle (issue 32): a grandparent following one child with this many circle works. */
export const CIRCLE_FAN_EMAIL = 'granny@example.org';
export const CIRCLE_CHILD = 'circlekid';
export const CIRCLE_WORKS = 1000;

type Db = ReturnType<typeof openDatabase>['db'];

async function rows<T>(db: Db, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs statements one by one (PGlite's extended protocol takes one at a time). */
async function run(db: Db, statements: string): Promise<void> {
  for (const statement of statements.split(/;\s*\n/)) if (statement.trim()) await db.execute(sql.raw(statement));
}

async function base(db: Db): Promise<void> {
  const [seeded] = await rows<{ n: number }>(db, `select count(*)::int as n from users where email like 'bench%@example.com'`);
  if (seeded && seeded.n > 0) return;
  const hash = (await hashPassword(SEED_PASSWORD)).replace(/'/g, "''");
  await run(
    db,
    `
    insert into categories (name_en, name_ja, sort_order) select 'Category ' || g, 'カテゴリ' || g, g from generate_series(1, 6) g;
    insert into tags (name_en, name_ja, sort_order) select 'Tag ' || g, 'タグ' || g, g from generate_series(1, 10) g;
    insert into users (email, password_hash, first_name, email_verified_at)
      select 'bench' || g || '@example.com', '${hash}', 'Bench', now() from generate_series(1, ${SEED_FAMILIES}) g;
    insert into profiles (user_id, username, first_name, date_of_birth, address, is_published)
      select u.id, k.name, 'Kid', '2016-04-01', '東京都 (Tokyo)', true
      from users u cross join (values ('${SEED_CHILDREN[0]}'), ('${SEED_CHILDREN[1]}')) as k(name)
      where u.email like 'bench%@example.com';
    insert into subscriptions (user_id, plan_id, provider, provider_subscription_id, status, amount, currency, current_period_end)
      select u.id, p.id, 'local', 'bench-' || u.id, 'active', p.amount, p.currency, now() + interval '365 days'
      from users u cross join plans p
      where p.code = 'premium' and u.email in (${Array.from({ length: SEED_PREMIUM }, (_, i) => `'${seedEmail(i + 1)}'`).join(', ')});
  `,
  );
}

/** The family of three: private works, shared between the siblings; the first child likes half its siblings' works. */
async function family(db: Db): Promise<void> {
  const [seeded] = await rows<{ n: number }>(db, `select count(*)::int as n from users where email = '${FAMILY_EMAIL}'`);
  if (seeded && seeded.n > 0) return;
  const hash = (await hashPassword(SEED_PASSWORD)).replace(/'/g, "''");
  const [maxRow] = await rows<{ id: number | null }>(db, 'select max(id) as id from artworks');
  const after = maxRow?.id ?? 0;
  const names = FAMILY_CHILDREN.map((n) => `('${n}')`).join(', ');
  await run(
    db,
    `
    insert into users (email, password_hash, first_name, email_verified_at) values ('${FAMILY_EMAIL}', '${hash}', 'Trio', now());
    insert into profiles (user_id, username, first_name, date_of_birth, address, is_published)
      select u.id, k.name, 'Kid', '2016-04-01', '東京都 (Tokyo)', true
      from users u cross join (values ${names}) as k(name) where u.email = '${FAMILY_EMAIL}';
    insert into profile_shares (owner_profile_id, target_profile_id)
      select o.id, t.id from profiles o join profiles t on t.user_id = o.user_id and t.id <> o.id
      join users u on u.id = o.user_id where u.email = '${FAMILY_EMAIL}';
    insert into artworks (profile_id, title, description, category_id, is_public, created_at)
      select p.id, 'Family work ' || p.username || ' ' || g, 'A drawing kept in the family', (select min(id) from categories) + g % 6, false,
             timestamp with time zone '2024-01-01 00:00:00+00' + (g * 3 + p.id % 3) * interval '1 hour'
      from profiles p join users u on u.id = p.user_id cross join generate_series(1, ${FAMILY_WORKS_EACH}) g
      where u.email = '${FAMILY_EMAIL}';
    insert into artwork_images (artwork_id, position, display_key, thumb_key, width, height, bytes)
      select id, 0, 'works/bench-' || id || '.webp', 'thumbs/bench-' || id || '.webp', 1600, 1200, 180000 from artworks where id > ${after};
    insert into likes (profile_id, artwork_id)
      select me.id, a.id from artworks a join profiles me on me.username = '${FAMILY_CHILDREN[0]}' and a.profile_id <> me.id
      join users u on u.id = me.user_id and u.email = '${FAMILY_EMAIL}'
      join profiles owner on owner.id = a.profile_id and owner.user_id = me.user_id
      where a.id > ${after} and a.id % 2 = 0;
  `,
  );
}

/** A family whose child shares CIRCLE_WORKS works with its circle, and the grandparent who follows the child. */
async function circle(db: Db): Promise<void> {
  const [seeded] = await rows<{ n: number }>(db, `select count(*)::int as n from users where email = '${CIRCLE_FAN_EMAIL}'`);
  if (seeded && seeded.n > 0) return;
  const hash = (await hashPassword(SEED_PASSWORD)).replace(/'/g, "''");
  const [maxRow] = await rows<{ id: number | null }>(db, 'select max(id) as id from artworks');
  const after = maxRow?.id ?? 0;
  await run(
    db,
    `
    insert into users (email, password_hash, first_name, email_verified_at) values
      ('circle-family@example.org', '${hash}', 'Circle', now()), ('${CIRCLE_FAN_EMAIL}', '${hash}', 'Granny', now());
    insert into profiles (user_id, username, first_name, date_of_birth, address)
      select u.id, '${CIRCLE_CHILD}', 'Kid', '2017-04-01', '東京都 (Tokyo)' from users u where u.email = 'circle-family@example.org';
    insert into artworks (profile_id, title, description, category_id, is_public, in_circle, created_at)
      select p.id, 'Circle work ' || g, 'For grandma', (select min(id) from categories) + g % 6, false, true,
             timestamp with time zone '2024-01-01 00:00:00+00' + g * interval '1 hour'
      from profiles p cross join generate_series(1, ${CIRCLE_WORKS}) g where p.username = '${CIRCLE_CHILD}';
    insert into artwork_images (artwork_id, position, display_key, thumb_key, width, height, bytes)
      select id, 0, 'works/bench-' || id || '.webp', 'thumbs/bench-' || id || '.webp', 1600, 1200, 180000 from artworks where id > ${after};
    insert into circle_fans (user_id, fan_user_id, role)
      select f.id, g.id, 'grandma' from users f, users g where f.email = 'circle-family@example.org' and g.email = '${CIRCLE_FAN_EMAIL}';
    insert into circle_follows (fan_id, profile_id)
      select c.id, p.id from circle_fans c join profiles p on p.user_id = c.user_id where p.username = '${CIRCLE_CHILD}';
  `,
  );
}

/** Public works in the database now. */
export async function publicWorks(options: OpenOptions): Promise<number> {
  const database = openDatabase(options);
  try {
    const [row] = await rows<{ n: number }>(database.db, 'select count(*)::int as n from artworks where is_public');
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

/** Migrates, seeds the families once, and adds public works (and their images, tags, likes) up to `total`. */
export async function seedWorks(options: OpenOptions, total: number, log: (line: string) => void = () => {}): Promise<void> {
  const database = openDatabase(options);
  const db = database.db;
  try {
    await database.migrate();
    await base(db);
    await family(db);
    await circle(db);
    const [have] = await rows<{ n: number }>(db, 'select count(*)::int as n from artworks where is_public');
    const from = (have?.n ?? 0) + 1;
    if (from > total) return;
    const profiles = (
      await rows<{ id: number }>(
        db,
        `select p.id from profiles p join users u on u.id = p.user_id where u.email like 'bench%@example.com' order by p.id`,
      )
    ).map((p) => p.id);
    const [maxRow] = await rows<{ id: number | null }>(db, 'select max(id) as id from artworks');
    const after = maxRow?.id ?? 0;
    const started = performance.now();
    const chunk = 250_000;
    for (let lo = from; lo <= total; lo += chunk) {
      const hi = Math.min(total, lo + chunk - 1);
      // g-th public work; one private work in twenty beside them. created_at grows with g (newest last).
      await run(
        db,
        `
        insert into artworks (profile_id, title, description, category_id, is_public, created_at)
          select (array[${profiles.join(',')}])[1 + g % ${profiles.length}], 'Work ' || g, 'A drawing of the bench, number ' || g,
                 (select min(id) from categories) + g % 6, true, timestamp with time zone '2020-01-01 00:00:00+00' + g * interval '1 minute'
          from generate_series(${lo}, ${hi}) g;
        insert into artworks (profile_id, title, description, is_public, created_at)
          select (array[${profiles.join(',')}])[1 + g % ${profiles.length}], 'Private ' || g, '', false,
                 timestamp with time zone '2020-01-01 00:00:30+00' + g * interval '1 minute'
          from generate_series(${lo}, ${hi}) g where g % 20 = 0;
      `,
      );
    }
    await run(
      db,
      `
      insert into artwork_images (artwork_id, position, display_key, thumb_key, width, height, bytes)
        select id, 0, 'works/bench-' || id || '.webp', 'thumbs/bench-' || id || '.webp', 1600, 1200, 180000 from artworks where id > ${after};
      insert into artwork_tags (artwork_id, tag_id)
        select a.id, (select min(id) from tags) + a.id % 10 from artworks a where a.id > ${after} and a.id % 3 = 0;
      insert into likes (profile_id, artwork_id)
        select (array[${profiles.join(',')}])[1 + (a.id / 7) % ${profiles.length}], a.id from artworks a where a.id > ${after} and a.is_public and a.id % 7 = 0;
    `,
    );
    await db.execute(sql.raw('vacuum analyze'));
    log(`seeded public works ${from - 1} -> ${total} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}
