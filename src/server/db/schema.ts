/**
 * The database schema (drizzle pg-core). Migrations are generated from this file with
 * `npx drizzle-kit generate` and serve both PGlite and PostgreSQL.
 * Parents own their children with ON DELETE CASCADE, so deleting an account is one DELETE.
 * Artworks hang off profiles.id the same way, so deleting a profile removes its works.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { PLAN_CODES, PLAN_INTERVALS } from '@contract/billing';
import { CLASS_TYPES, SIGNUP_STATUSES } from '@contract/classes';
import { JOIN_POLICIES } from '@contract/console';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Public identifier used in e-mail links, so serial ids are never exposed there. */
  uuid: uuid('uuid')
    .notNull()
    .unique()
    .default(sql`gen_random_uuid()`),
  /** Always stored lowercased (the contract lowercases on input). */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  address: text('address').notNull().default(''),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Bumped to invalidate every token of the user at once (password change/reset, deletion). */
  tokenVersion: integer('token_version').notNull().default(0),
  /** Appointed on the server's machine (`npm run admin -- grant-super-admin <email>`), never by sign-up. */
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  /**
   * The guardian's consent at sign-up (issue 28): when, and to which version of the terms and the privacy policy
   * (contract/legal.ts TERMS_VERSION). Null for accounts made before sign-up asked, or made on the server's machine.
   */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
  /** The family's choice for new works (issue 32): shared with the family circle from the start, or private. */
  circleByDefault: boolean('circle_by_default').notNull().default(false),
  /** A fan's weekly e-mail of the circle's new works (sent only while no device of theirs has push): on until turned off. */
  circleDigest: boolean('circle_digest').notNull().default(true),
  /** When the last weekly e-mail was considered (sent, or nothing new); the next covers the works since. */
  circleDigestAt: timestamp('circle_digest_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    /** Storage key of the re-encoded avatar, e.g. avatars/<random>.webp. */
    pictureKey: text('picture_key'),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
  },
  // One name per family, case-insensitively (usernames are stored NFKC-normalised: contract/accounts.ts). lower()
  // folds what the database's locale folds (ASCII at least); the server also compares usernameKey()s (domain/profiles.ts).
  (t) => [uniqueIndex('profiles_user_username_lower_uq').on(t.userId, sql`lower(${t.username})`)],
);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  /** How a profile that proved the code joins: at once (`code`, the default) or once staff approve it (`approval`). */
  joinPolicy: text('join_policy', { enum: JOIN_POLICIES }).notNull().default('code'),
  createdAt: createdAt(),
});

/** A membership is `approved` (member rights) or `pending` (waiting for the organization's staff; no rights). */
export const MEMBERSHIP_STATUSES = ['approved', 'pending'] as const;

export const profileOrganizations = pgTable(
  'profile_organizations',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('approved'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.organizationId] }), index('profile_organizations_org_idx').on(t.organizationId)],
);

/** owner shares its works with target (decisions.md, "Family"). */
export const profileShares = pgTable(
  'profile_shares',
  {
    ownerProfileId: integer('owner_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ownerProfileId, t.targetProfileId] }), index('profile_shares_target_idx').on(t.targetProfileId)],
);

/**
 * One row per login (the parent's), and one per child login minted from it (parent_id). Every token carries
 * its session's id (the `fam` claim): logout, refresh-token replay and deletion revoke the session, and a
 * child session dies with its parent, on every instance at once (decisions.md, "Sessions end when they
 * are ended").
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The parent login a child session was chosen from; null for a parent login. */
    parentId: text('parent_id').references((): AnyPgColumn => loginSessions.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_sessions_user_idx').on(t.userId), index('login_sessions_parent_idx').on(t.parentId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    /** All refresh tokens descending from one login; a replay revokes the whole family. */
    family: text('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_user_idx').on(t.userId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email_change'] }).notNull(),
    /** For email_change: the address that takes effect once its owner opens the link. */
    newEmail: text('new_email'),
    /** sha256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters, shared by every API instance (architecture.md, "scale out"). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Login throttling (issue 27, finding 4; src/server/domain/login-throttle.ts): failed password checks per key (an
 * account and address pair, an account from unknown addresses, an address against accounts it is unknown to). The
 * key is an HMAC, so neither e-mails nor addresses are stored. Forgotten a day after the last failure.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
});

/** Addresses an account logged in from (an HMAC of each, the newest few): their correct logins skip account-wide slowing. */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameJa: text('name_ja').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameJa: text('name_ja').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const navbarLinks = pgTable('navbar_links', {
  id: serial('id').primaryKey(),
  navbarType: text('navbar_type').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Files to delete once the rows that owned them are gone (a work's images, an avatar). Written in the same
 * transaction as the deletion, deleted from storage after the commit, and retried until storage confirms:
 * a failed delete is never forgotten.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('file_deletions_next_idx').on(t.nextAttemptAt)],
);

/**
 * Files being written (domain/pending-files.ts): recorded, and committed, before the file is put, and removed in the
 * transaction that inserts the row naming the file. A record whose writer (instance_id) is gone, or older than a day,
 * is a crash's leftover: the sweep moves its key to file_deletions.
 */
export const pendingFiles = pgTable(
  'pending_files',
  {
    key: text('key').primaryKey(),
    instanceId: text('instance_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_files_instance_idx').on(t.instanceId)],
);

/**
 * A profile proved it knows an organization's code (a successful code check). Only such a proof lets the
 * profile's PATCH add the organization (decisions.md, "Organization code check").
 */
export const organizationCodeProofs = pgTable(
  'organization_code_proofs',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provenAt: timestamp('proven_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.organizationId] })],
);

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/**
 * Works (issue 3). List queries filter by owner or by is_public and order by created_at DESC, id DESC;
 * the indexes are declared DESC NULLS FIRST so they match that ORDER BY exactly.
 */
export const artworks = pgTable(
  'artworks',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    /**
     * Shared with the family circle (issue 32): the fans who follow the owner see it. Visibility goes private ->
     * family -> circle -> public, so a public work is seen by the circle too, whatever this says.
     */
    inCircle: boolean('in_circle').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('artworks_profile_created_idx').on(t.profileId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('artworks_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`is_public`),
    // A child's circle works (issue 32: shared with the circle, or public), newest first: a fan's pages and counts.
    index('artworks_circle_created_idx')
      .on(t.profileId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`in_circle or is_public`),
  ],
);

/** The server's own re-encoded copies (WebP, no metadata); keys are random storage keys. */
export const artworkImages = pgTable(
  'artwork_images',
  {
    id: serial('id').primaryKey(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of the display copy. */
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('artwork_images_artwork_idx').on(t.artworkId, t.position)],
);

export const artworkTags = pgTable(
  'artwork_tags',
  {
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.tagId] }), index('artwork_tags_tag_idx').on(t.tagId)],
);

/** One like per profile and work (the primary key makes liking idempotent). */
export const likes = pgTable(
  'likes',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.artworkId] }), index('likes_artwork_idx').on(t.artworkId)],
);

/**
 * The number of public works, kept exact by triggers on artworks (migration 0007): the public gallery's count
 * without a scan. Spread over 16 rows by the owner's profile id, so that families uploading at once do not wait
 * for one another's row; the count is their sum.
 */
export const publicWorkCounts = pgTable('public_work_counts', {
  shard: smallint('shard').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * The public wall's version (migration 0009): every statement that changes what a public page shows (works, their
 * images, tags and likes, profiles, categories, tag names) adds 1 to one of 16 rows (its transaction id's), in its
 * own transaction. The sum, read in one snapshot with the pages, grows with every committed change, so a page
 * cached beside the sum it was read with is still exact while the sum is the same (domain/work-lists.ts).
 */
export const galleryVersions = pgTable('gallery_versions', {
  shard: smallint('shard').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
});

/**
 * The families' version (migration 0015): every statement that changes what a cached session or a family's sharing
 * rests on (users, profiles, login sessions, profile shares) adds 1 to one of 16 rows, in its own transaction, as
 * gallery_versions does for the wall. A session checked beside the sum it was read with is still exact while the sum
 * is the same (domain/sessions.ts), on every instance: logout, a replay's revocation, a password change or a deleted
 * profile changes the sum, and the next request on any instance checks the session afresh.
 */
export const familyVersions = pgTable('family_versions', {
  shard: smallint('shard').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
});

/**
 * Idempotency-Key records of POST /api/artworks/ (architecture step 5). A record is written in the
 * same transaction that creates the work, so it exists exactly when the work does; kept 7 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 over the text fields and each file's sha256. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['completed'] })
      .notNull()
      .default('completed'),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_profile_key_uq').on(t.profileId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type ArtworkRow = typeof artworks.$inferSelect;
export type ArtworkImageRow = typeof artworkImages.$inferSelect;

/**
 * Advertisements (works spec §3), the landing page's sponsor banners among them (`add_type` 'banner'). Listed while
 * active (starts_at <= now < ends_at, a null bound is open) in sort_order, then id: the index serves the landing's
 * query (one add_type, in that order) straight from its leaves. The image is a storage key (served under /media/);
 * the link an outside https URL or a path of ours, or null.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    addType: text('add_type').notNull(),
    imageKey: text('image_key').notNull(),
    linkUrl: text('link_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('advertisements_type_order_idx').on(t.addType, t.sortOrder, t.id)],
);

/**
 * What the contact form sent (works spec §2, §7): kept whether or not the e-mail to support goes out, and
 * `notified_at` says when it did. Until then the sweeper (domain/inquiries.ts) tries again at `notify_next_at`, with a
 * growing wait counted by `notify_attempts`. `user_id` is the caller's account when a token came (null for a guest,
 * and once that account is deleted); `ip` as the rate limits saw it.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifyNextAt: timestamp('notify_next_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiries_user_idx').on(t.userId),
    index('inquiries_unnotified_idx')
      .on(t.notifyNextAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

export type AdvertisementRow = typeof advertisements.$inferSelect;

/** Parent accounts that run an organization's console (appointed by a super admin). */
export const organizationStaff = pgTable(
  'organization_staff',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_staff_user_idx').on(t.userId)],
);

/**
 * A super admin appointed an address that has no verified account yet: it becomes staff when an account with that
 * address is verified (stored lowercased).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.email] }), index('staff_invitations_email_idx').on(t.email)],
);

/**
 * Contests an organization runs (works spec §3, §4). Status (decisions.md): scheduled while now < starts_at;
 * in session while starts_at <= now < ends_at and no winner was picked; already held once `decided_at` is set or
 * ends_at <= now. `winner_entry_id` is the picked entry (null again if its work is deleted; the contest stays held).
 */
export const contests = pgTable(
  'contests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key of the re-encoded thumbnail. */
    thumbnailKey: text('thumbnail_key'),
    explanation: text('explanation').notNull().default(''),
    /** One criterion per line. */
    eligibilityCriteria: text('eligibility_criteria').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    membersOnly: boolean('members_only').notNull().default(false),
    winnerEntryId: integer('winner_entry_id').references((): AnyPgColumn => contestEntries.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contests_org_idx').on(t.organizationId), index('contests_ends_idx').on(t.endsAt)],
);

/** A child's work entered in a contest, with the moment its consent to show it in the entry history was given. */
export const contestEntries = pgTable(
  'contest_entries',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references((): AnyPgColumn => contests.id, { onDelete: 'cascade' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contest_entries_contest_work_uq').on(t.contestId, t.artworkId),
    index('contest_entries_profile_idx').on(t.profileId),
  ],
);

/**
 * E-mails that staff (to an organization's members or staff) or a super admin (to all users) sent: who, what, when and
 * to how many; `sent` counts the batches' deliveries as they go. Recipients' addresses are never stored here: a send
 * that an instance left unfinished is resumed after `cursor_user_id` from the audience as it is then.
 */
export const MAIL_AUDIENCES = ['members', 'staff', 'all', 'class'] as const;

export const bulkMails = pgTable(
  'bulk_mails',
  {
    id: serial('id').primaryKey(),
    /** Null for a super admin's e-mail to all users. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** For the audience `class`: the class whose confirmed sign-ups' parents receive it. */
    classId: integer('class_id').references((): AnyPgColumn => artistClasses.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the sender's account is deleted. */
    senderEmail: text('sender_email').notNull(),
    audience: text('audience', { enum: MAIL_AUDIENCES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The language of the subject's mark and the footer (the sender's). */
    language: text('language').notNull().default('ja'),
    /** Recipients go in user id order: every one up to this id has been tried (a resumed send goes on after it). */
    cursorUserId: integer('cursor_user_id').notNull().default(0),
    /** The sender's instance writes it after each batch; a send whose progress stalls is taken over by a sweep. */
    progressAt: timestamp('progress_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('bulk_mails_org_idx').on(t.organizationId, t.createdAt)],
);

// ---- artist classes, payments and plans (issue 13) -------------------------------------------------

/** A class an organization's staff run: free or paid (integer JPY), live (`real_time`) or recorded. */
export const artistClasses = pgTable(
  'artist_classes',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Storage key of the re-encoded thumbnail. */
    thumbnailKey: text('thumbnail_key'),
    isFree: boolean('is_free').notNull(),
    /** 0 for a free class; yen otherwise. */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('jpy'),
    classType: text('class_type', { enum: CLASS_TYPES }).notNull(),
    /** A live class's meeting link and start. */
    meetingUrl: text('meeting_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    videoUrl: text('video_url'),
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artist_classes_org_idx').on(t.organizationId), index('artist_classes_published_idx').on(t.published, t.id)],
);

export const artistClassTags = pgTable(
  'artist_class_tags',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => artistClasses.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.tagId] })],
);

/**
 * A child's sign-up for a class: one per class and profile. A paid one stays `pending` until the server itself has
 * found its payment intent succeeded at the provider, for this amount and currency (kept here as they were asked).
 * `mailed_at` is set by the one update that sends the link, so replays send nothing.
 */
export const classSignups = pgTable(
  'class_signups',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => artistClasses.id, { onDelete: 'restrict' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SIGNUP_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('class_signups_class_profile_uq').on(t.classId, t.profileId),
    uniqueIndex('class_signups_intent_uq').on(t.paymentIntentId),
    index('class_signups_profile_idx').on(t.profileId),
  ],
);

/**
 * A parent's word (decisions.md "A parent's word", issue 28): what a child asked for that needs the parent, the
 * payment of a paid class or the deletion of its own profile. `pending` until the parent approves (`approved`, from
 * the parent's session or with the parent's password on the child's device) or declines (the row is deleted). An
 * approved payment lets the child's device answer that class's payment intent again (a reload of the payment page).
 */
export const parentRequests = pgTable(
  'parent_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['class_payment', 'profile_delete'] }).notNull(),
    classId: integer('class_id').references(() => artistClasses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved'] }).notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('parent_requests_user_idx').on(t.userId, t.status),
    // One request per child and thing asked (a second ask repeats the first); a deletion has no class.
    unique('parent_requests_profile_kind_class_uq').on(t.profileId, t.kind, t.classId).nullsNotDistinct(),
  ],
);

/** The plans (decisions.md "Plans"): seeded by the migration, so a fresh database can sell them. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: PLAN_CODES }).notNull(),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    /** Null: unlimited images. */
    imageLimit: integer('image_limit'),
    audience: text('audience', { enum: ['family', 'organization'] }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('plans_code_uq').on(t.code)],
);

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/**
 * An account's subscription as the provider last told us (webhooks, or a retrieve on the payment-completion page).
 * In force while `status` is active (or past_due) and `current_period_end` is ahead; at most one such row per account.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_uq').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
    // One paid subscription in force per account (issue 27). The period's end cannot be in a predicate (now() is not
    // immutable), so a lapsed row still 'active' holds the place until it is synced or closed (subscription-guard.ts).
    uniqueIndex('subscriptions_one_in_force_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past_due') and ${t.amount} > 0`),
  ],
);

/** A checkout the account started: which plan, at which provider session, and whether it completed. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_uq').on(t.provider, t.providerSessionId),
    index('checkout_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Every state change of a payment or a subscription, as a row: who (the account, the profile), what (`kind`, e.g.
 * `signup.pending`, `payment.succeeded`, `payment.failed`, `subscription.active`, `subscription.cancel_requested`),
 * when, through which provider object, for how much, and who caused it (`actor`: user, webhook, provider, system).
 * Support answers "did I pay?" from here. Kept when the account is deleted (the user id is then null).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    actor: text('actor', { enum: ['user', 'webhook', 'provider', 'system', 'staff'] }).notNull(),
    provider: text('provider'),
    providerId: text('provider_id'),
    amount: integer('amount'),
    currency: text('currency'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('billing_events_user_idx').on(t.userId, t.createdAt), index('billing_events_provider_idx').on(t.providerId)],
);

/** Provider events already handled (a webhook delivered again, or replayed, is ignored by its id). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The local test provider's own objects (payment intents, checkout sessions, subscriptions), in the database so that
 * every instance sees them, as Stripe's would be at Stripe. Ids are unguessable (`pi_local_…`, `cs_local_…`).
 */
export const localProviderObjects = pgTable('local_provider_objects', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['payment_intent', 'checkout_session', 'subscription'] }).notNull(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** Hashed: the client secret is the capability to pay. */
  clientSecretHash: text('client_secret_hash'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The relatives' roles a parent picks from when inviting (issue 32); `other` comes with a label of its own. */
export const CIRCLE_ROLES = ['grandpa', 'grandma', 'uncle', 'aunt', 'cousin', 'other'] as const;

/**
 * An invitation to a family's circle (issue 32): a link the parent shares, good once, for 7 days, until revoked.
 * Only the token's SHA-256 is kept: the link is the capability, and a copy of the database does not hold it.
 */
export const circleInvitations = pgTable(
  'circle_invitations',
  {
    id: serial('id').primaryKey(),
    /** The family (its parent account). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    role: text('role', { enum: CIRCLE_ROLES }).notNull(),
    roleLabel: text('role_label').notNull().default(''),
    /** The children the fan will follow (ids of this family's profiles; checked again when the link is used). */
    profileIds: integer('profile_ids').array().notNull(),
    needsApproval: boolean('needs_approval').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('circle_invitations_user_idx').on(t.userId)],
);

/** A relative who joined a family's circle (a fan): an account of its own, which may also be another family's parent. */
export const circleFans = pgTable(
  'circle_fans',
  {
    id: serial('id').primaryKey(),
    /** The family whose circle it is. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fanUserId: integer('fan_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CIRCLE_ROLES }).notNull(),
    roleLabel: text('role_label').notNull().default(''),
    needsApproval: boolean('needs_approval').notNull().default(true),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The language the fan joined in: their weekly e-mail's. */
    lang: text('lang', { enum: ['en', 'ja'] })
      .notNull()
      .default('ja'),
    /** The last push of a new work: at most one a day (the works shared meanwhile wait for the next). */
    newWorkPushedAt: timestamp('new_work_pushed_at', { withTimezone: true }),
  },
  (t) => [unique('circle_fans_family_fan_uq').on(t.userId, t.fanUserId), index('circle_fans_fan_idx').on(t.fanUserId)],
);

/** Which children of the family a fan follows. */
export const circleFollows = pgTable(
  'circle_follows',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => circleFans.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.profileId] }), index('circle_follows_profile_idx').on(t.profileId)],
);

/** The stickers a fan may put on a work (issue 32): contract/circle.ts CIRCLE_STAMPS. */
export const CIRCLE_STAMP_CODES = ['hanamaru', 'sugoi', 'kirei', 'daisuki', 'omoshiroi', 'ganbatta'] as const;

/** A fan's sticker on a work: one per fan and work (a new one replaces it); goes with the work or the fan. */
export const circleStamps = pgTable(
  'circle_stamps',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => circleFans.id, { onDelete: 'cascade' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    stamp: text('stamp', { enum: CIRCLE_STAMP_CODES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.artworkId] }), index('circle_stamps_artwork_idx').on(t.artworkId)],
);

/** 「みたよ」: a fan opened a work (the first time is kept). */
export const circleViews = pgTable(
  'circle_views',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => circleFans.id, { onDelete: 'cascade' }),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.artworkId] }), index('circle_views_artwork_idx').on(t.artworkId)],
);

/**
 * A fan's comment on a work: `pending` until a parent approves it (unless the fan's comments need no approval), and
 * only then seen by the child and the other fans; the parent may approve, decline (deleted) or remove, never edit.
 */
export const circleComments = pgTable(
  'circle_comments',
  {
    id: serial('id').primaryKey(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => circleFans.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'approved'] }).notNull(),
    /** The child's answer: a sticker only (no words go from a child to a relative). */
    replyStamp: text('reply_stamp', { enum: CIRCLE_STAMP_CODES }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('circle_comments_artwork_idx').on(t.artworkId, t.status), index('circle_comments_fan_idx').on(t.fanId)],
);

/**
 * A device's Web Push subscription (issue 32), made under one login: it goes when the login ends (logout, a password
 * change, the account's deletion). A parent login gets the family's and the fan's notices; a child login the child's.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => loginSessions.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the notices are written in: the PWA's when it subscribed. */
    lang: text('lang', { enum: ['en', 'ja'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_session_idx').on(t.sessionId)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type ContestRow = typeof contests.$inferSelect;
export type ContestEntryRow = typeof contestEntries.$inferSelect;
export type BulkMailRow = typeof bulkMails.$inferSelect;
export type ArtistClassRow = typeof artistClasses.$inferSelect;
export type ClassSignupRow = typeof classSignups.$inferSelect;
export type ParentRequestRow = typeof parentRequests.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
