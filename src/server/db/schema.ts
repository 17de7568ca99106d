/**
 * The database schema (drizzle pg-core). Migrations are generated from this file with
 * `npx drizzle-kit generate` and serve both PGlite and PostgreSQL.
 * Parents own their children with ON DELETE CASCADE, so deleting an account is one DELETE.
 * Artworks arrive in a later issue; they will hang off profiles.id the same way.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Public identifier used in e-mail links, so serial ids are never exposed there. */
  uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
  /** Always stored lowercased (the contract lowercases on input). */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  address: text('address').notNull().default(''),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Bumped to invalidate every token of the user at once (password change/reset, deletion). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    /** Storage key of the re-encoded avatar, e.g. avatars/<random>.webp. */
    pictureKey: text('picture_key'),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('profiles_user_username_uq').on(t.userId, t.username)],
);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

export const profileOrganizations = pgTable(
  'profile_organizations',
  {
    profileId: integer('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.organizationId] }), index('profile_organizations_org_idx').on(t.organizationId)],
);

/** owner shares its works with target (decisions.md, "Family"). */
export const profileShares = pgTable(
  'profile_shares',
  {
    ownerProfileId: integer('owner_profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ownerProfileId, t.targetProfileId] }), index('profile_shares_target_idx').on(t.targetProfileId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    /** All refresh tokens descending from one login; a replay revokes the whole family. */
    family: text('family').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
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

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
