/**
 * The open archive's import (issue 15): `npm run admin -- import <zip> <email>` brings a zip made by
 * GET /api/account/export/ into this museum, for an account that already exists here (the family signs up first; the
 * archive never carries a password). What it does:
 *   - the whole archive is checked first, child by child (domain/archive-check.ts): a bad zip, a bad file, a bad
 *     field or a bad picture is refused before anything is written (issue 27);
 *   - each child becomes a new profile of the account (a username the account already has gets `-2`, `-3`…), with its
 *     picture; the profiles' sharing among themselves is restored;
 *   - each work is created with its title, description, date (created_at as in the archive), category and tags
 *     (matched by name, English or Japanese, among this museum's; names it does not have are dropped and reported),
 *     private whatever the archive says: a work becomes public again when its owner publishes it here (issue 27);
 *     its pictures are decoded and re-encoded exactly as uploads are (file-type, sharp: no metadata survives);
 *   - not re-created: likes (the archive has only their count: likes are one profile's act and those profiles are
 *     not here), contest entries (the contests belong to the other museum's organizations; they stay in the zip as
 *     data), organization memberships. The plan's image limit is not applied (an administrator's act): the account
 *     may be over its free limit afterwards.
 * All or nothing: the pictures are re-encoded and put as pending files first (domain/pending-files.ts), then every
 * row is written in one transaction that adopts them; any failure discards them, so a refused or failed import leaves
 * neither rows nor files. Each pass re-reads the children's files one at a time. Running the same import again adds
 * the children once more (as new profiles), so it is meant to run once.
 */
import { randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';

import { usernameKey } from '@contract/accounts';
import type { ArchiveChild } from '@contract/archive';
import { ImageRejected, makeAvatar } from '../adapters/images';
import { artworkImages, artworks, artworkTags, profiles, profileShares, users } from '../db/schema';
import type { Executor } from '../db/open';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';
import { adoptPending, discardPending, putPending } from './pending-files';
import { storeImages, encodeImages, type StoredImage } from './work-files';
import { ZipReader } from './archive-zip';
import {
  catalogs,
  checkArchive,
  fromZip,
  ImportError,
  lookup,
  readChild,
  readPicture,
  type Catalogs,
  type CheckedArchive,
} from './archive-check';

export { ImportError } from './archive-check';

type ImportDeps = Pick<AppDeps, 'db' | 'storage' | 'clock'>;

export interface ImportSummary {
  email: string;
  profiles: { from: string; username: string; id: number; works: number }[];
  works: number;
  pictures: number;
  /** What was left out or changed, one line each. */
  warnings: string[];
}

/** One child's files, put as pending: the avatar's key and each work's pictures, in the archive's order. */
interface ChildFiles {
  avatar: string | null;
  works: StoredImage[][];
}

/** Keys per statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** A username this account does not have yet: the archive's (valid: checked), with -2, -3… when taken. */
function freeUsername(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let n = 2; taken.has(usernameKey(name)); n++) name = `${wanted.slice(0, 30 - String(n).length - 1)}-${n}`;
  taken.add(usernameKey(name));
  return name;
}

/** Re-encodes an image as uploads are; a refusal is the archive's fault. */
async function encoded<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ValidationError || err instanceof ImageRejected)
      throw new ImportError(`${what} is not an image this museum accepts`);
    throw err;
  }
}

/** The first pass that writes: every picture decoded, re-encoded and put as a pending file; `keys` collects them. */
async function putFiles(deps: ImportDeps, zip: ZipReader, checked: CheckedArchive, keys: string[], progress: (line: string) => void) {
  const files: ChildFiles[] = [];
  for (const c of checked.children) {
    const child = await readChild(zip, c.file);
    const p = child.profile;
    let avatar: string | null = null;
    if (p.picture) {
      const bytes = await encoded(
        async () => makeAvatar(await readPicture(zip, checked.root, p.picture!)),
        `${p.username}: picture ${p.picture}`,
      );
      avatar = `avatars/${randomBytes(16).toString('hex')}.webp`;
      keys.push(avatar);
      await putPending(deps, [{ key: avatar, bytes, contentType: 'image/webp' }]);
    }
    const works: StoredImage[][] = [];
    for (const [i, work] of child.works.entries()) {
      const images = [];
      for (const image of work.images) {
        const bytes = await readPicture(zip, checked.root, image.file);
        images.push(...(await encoded(() => encodeImages([bytes]), `${p.username}, work "${work.title}": picture ${image.file}`)));
      }
      const stored = await storeImages(deps, images);
      keys.push(...stored.flatMap((s) => [s.displayKey, s.thumbKey]));
      works.push(stored);
      if ((i + 1) % 100 === 0) progress(`${p.username}: pictures of ${i + 1} of ${child.works.length} works`);
    }
    files.push({ avatar, works });
  }
  return files;
}

/** One child's rows, in the import's transaction. */
async function writeChild(
  tx: Executor,
  userId: number,
  username: string,
  child: ArchiveChild,
  files: ChildFiles,
  refs: Catalogs,
): Promise<{ id: number; pictures: number }> {
  const p = child.profile;
  const [row] = await tx
    .insert(profiles)
    .values({
      userId,
      username,
      firstName: p.first_name,
      dateOfBirth: p.date_of_birth,
      address: p.address,
      pictureKey: files.avatar,
      isPublished: p.is_published,
      createdAt: new Date(p.created_at),
    })
    .returning({ id: profiles.id });
  const images: (typeof artworkImages.$inferInsert)[] = [];
  const tagRows: (typeof artworkTags.$inferInsert)[] = [];
  for (const [i, work] of child.works.entries()) {
    const [inserted] = await tx
      .insert(artworks)
      .values({
        profileId: row!.id,
        title: work.title,
        description: work.description,
        categoryId: work.category ? lookup(refs.category, work.category) : null,
        // Private until the owner publishes it here: the archive's visibility was chosen in another museum.
        isPublic: false,
        createdAt: new Date(work.created_at),
      })
      .returning({ id: artworks.id });
    images.push(...files.works[i]!.map((img, position) => ({ artworkId: inserted!.id, position, ...img })));
    const tagIds = new Set(work.tags.map((t) => lookup(refs.tag, t)).filter((id): id is number => id !== null));
    tagRows.push(...[...tagIds].map((tagId) => ({ artworkId: inserted!.id, tagId })));
  }
  for (const list of chunks(images)) await tx.insert(artworkImages).values(list);
  for (const list of chunks(tagRows)) await tx.insert(artworkTags).values(list);
  return { id: row!.id, pictures: images.length };
}

/** Imports the zip at `path` into the account with this e-mail address. */
export async function importArchive(
  deps: ImportDeps,
  path: string,
  email: string,
  progress: (line: string) => void = () => {},
): Promise<ImportSummary> {
  const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new ImportError(`no account has the e-mail address ${email}: sign up in this museum first, then import`);
  const zip = await fromZip(() => ZipReader.open(path));
  const keys: string[] = [];
  try {
    const refs = await catalogs(deps);
    const checked = await checkArchive(zip, refs);
    const files = await putFiles(deps, zip, checked, keys, progress);
    const summary: ImportSummary = { email: user.email, profiles: [], works: 0, pictures: 0, warnings: checked.warnings };
    await deps.db.transaction(async (tx) => {
      const taken = new Set(
        (await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, user.id))).map((p) =>
          usernameKey(p.username),
        ),
      );
      const idOf = new Map<string, number>();
      const shares: [string, string][] = [];
      for (const [i, c] of checked.children.entries()) {
        const child = await readChild(zip, c.file);
        const from = child.profile.username;
        const username = freeUsername(from, taken);
        if (username !== from) summary.warnings.push(`${from}: the account already has this username; imported as ${username}`);
        const written = await writeChild(tx, user.id, username, child, files[i]!, refs);
        idOf.set(usernameKey(from), written.id);
        shares.push(...child.profile.shares_with.map((target): [string, string] => [from, target]));
        summary.profiles.push({ from, username, id: written.id, works: child.works.length });
        summary.works += child.works.length;
        summary.pictures += written.pictures;
        progress(`${username}: ${child.works.length} works written`);
      }
      // Sharing among the imported children (a name not among them is left out: it was not in this archive).
      for (const [owner, target] of shares) {
        const ownerId = idOf.get(usernameKey(owner))!;
        const targetId = idOf.get(usernameKey(target));
        if (targetId === undefined || targetId === ownerId) continue;
        await tx.insert(profileShares).values({ ownerProfileId: ownerId, targetProfileId: targetId }).onConflictDoNothing();
      }
      for (const list of chunks(keys)) await adoptPending(tx, list);
    });
    return summary;
  } catch (err) {
    for (const list of chunks(keys)) await discardPending(deps, list);
    throw err;
  } finally {
    await zip.close();
  }
}
