/**
 * The family circle (issue 32, decisions.md "The family circle"): relatives ("fans") whom a parent invites by a link
 * follow chosen children and see the works those children share with the circle. Visibility goes private -> family
 * -> circle -> public: a work is the circle's when it is shared with it or public. A fan has an account of its own,
 * with no child profiles of that family, and sees nothing else of the family: not the real names, birth dates or
 * addresses, not the parents' e-mail, not the other fans' addresses.
 */
import { z } from 'zod';

import { work } from './works';

export const CIRCLE_ROLES = ['grandpa', 'grandma', 'uncle', 'aunt', 'cousin', 'other'] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];

/** How long an invitation link stays good. */
export const CIRCLE_INVITATION_DAYS = 7;
/** The label of an `other` role: a few words, shown to the family and the children. */
export const CIRCLE_ROLE_LABEL_MAX = 30;

/**
 * The field errors of the circle's forms, by id. Their texts are in the server's catalog (server/circle-messages.ts):
 * the server's 400 carries them translated, and no page checks these fields itself, so the PWA's first-load catalog
 * (which holds every message of src/contract) does without them.
 */
export const CIRCLE_ERRORS = {
  roleRequired: 'v.circle_role_required',
  roleLabelRequired: 'v.circle_role_label_required',
  roleLabelTooLong: 'v.circle_role_label_too_long',
  roleLabelChars: 'v.circle_role_label_chars',
  childrenRequired: 'v.circle_children_required',
  commentRequired: 'v.circle_comment_required',
  commentTooLong: 'v.circle_comment_too_long',
} as const;

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

const roleLabel = z
  .string()
  .trim()
  .max(CIRCLE_ROLE_LABEL_MAX, CIRCLE_ERRORS.roleLabelTooLong)
  // A label is plain text: no markup, no line breaks.
  .refine((v) => !/[<>\r\n\t]/.test(v), CIRCLE_ERRORS.roleLabelChars);

/** POST /api/circle/invitations/: who is invited (a role; `other` with its label), which children, and approval. */
export const circleInviteBody = z
  .object({
    role: z.enum(CIRCLE_ROLES, { error: CIRCLE_ERRORS.roleRequired }),
    role_label: roleLabel.default(''),
    children: z.array(dbId, { error: CIRCLE_ERRORS.childrenRequired }).min(1, CIRCLE_ERRORS.childrenRequired).max(20),
    needs_approval: z.boolean().default(true),
  })
  .refine((b) => b.role !== 'other' || b.role_label.length > 0, { path: ['role_label'], message: CIRCLE_ERRORS.roleLabelRequired });

/** PATCH /api/circle/fans/{id}/: what a fan follows, and whether their comments wait for a parent. */
export const circleFanPatchBody = z
  .object({
    children: z.array(dbId).max(20).optional(),
    needs_approval: z.boolean().optional(),
  })
  .refine((b) => b.children === undefined || b.children.length > 0, { path: ['children'], message: CIRCLE_ERRORS.childrenRequired });

/** PATCH /api/circle/: the family's choice for new works. */
export const circleSettingsBody = z.object({ circle_by_default: z.boolean() });

const child = z.object({ id: z.number(), username: z.string(), profile_picture: z.string().nullable() });

export const circleInvitation = z.object({
  id: z.number(),
  role: z.enum(CIRCLE_ROLES),
  role_label: z.string(),
  children: z.array(child),
  needs_approval: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
});

/** A new invitation: its link is shown once (only its hash is kept). */
export const circleInvitationCreated = circleInvitation.extend({ token: z.string(), url: z.string() });

export const circleFan = z.object({
  id: z.number(),
  role: z.enum(CIRCLE_ROLES),
  role_label: z.string(),
  /** The fan's first name if they gave one, for the parents only; never shown to a child or another fan. */
  name: z.string(),
  children: z.array(child),
  needs_approval: z.boolean(),
  since: z.string(),
  last_seen: z.string().nullable(),
});

/** GET /api/circle/: the family's circle, as its parent manages it. */
export const circleOverview = z.object({
  circle_by_default: z.boolean(),
  fans: z.array(circleFan),
  invitations: z.array(circleInvitation),
  children: z.array(child),
});

/** GET /api/circle/join/{token}/: what a link holder is shown before joining (no names but the children's usernames). */
export const circleInvitationPreview = z.object({
  role: z.enum(CIRCLE_ROLES),
  role_label: z.string(),
  children: z.array(child),
  expires_at: z.string(),
});

/** A child a fan follows (GET /api/fan/children/): the username and picture, never the real name or birth date. */
export const followedChild = child.extend({
  /** The fan's own role in that family, as the parent set it. */
  role: z.enum(CIRCLE_ROLES),
  role_label: z.string(),
  works_count: z.number(),
  latest_work_at: z.string().nullable(),
});
export const followedChildren = z.object({ results: z.array(followedChild) });

/** POST /api/circle/join/{token}/: the fan now follows these children. */
export const circleJoined = z.object({ message: z.string(), children: z.array(child) });

/** The stickers a fan may put on a work (issue 32), drawn by the PWA: one per fan and work. */
export const CIRCLE_STAMPS = ['hanamaru', 'sugoi', 'kirei', 'daisuki', 'omoshiroi', 'ganbatta'] as const;
export type CircleStamp = (typeof CIRCLE_STAMPS)[number];
/** A comment's length, in characters. */
export const CIRCLE_COMMENT_MAX = 200;

const who = { role: z.enum(CIRCLE_ROLES), role_label: z.string() };

/** A comment as the circle sees it: by the fan's role, never their name or address. */
export const circleComment = z.object({
  id: z.number(),
  ...who,
  body: z.string(),
  created_at: z.string(),
  /** Waiting for a parent: shown to its author only (and in the parents' queue). */
  pending: z.boolean(),
  /** Written by the caller. */
  mine: z.boolean(),
  /** The child's answer to it: a sticker, never words. */
  reply: z.enum(CIRCLE_STAMPS).nullable(),
});

/** What the circle did with a work: its stickers (counted), the caller's own, and the comments the caller may see. */
export const circleReactions = z.object({
  stamps: z.array(z.object({ stamp: z.enum(CIRCLE_STAMPS), count: z.number() })),
  my_stamp: z.enum(CIRCLE_STAMPS).nullable(),
  comments: z.array(circleComment),
});

/** A work as a fan sees it: the child's username and age when it was made, nothing from the family's private data. */
export const circleWork = work.extend({ circle: circleReactions });

/** POST /api/artworks/{id}/circle/comments/{commentId}/reply/: the child answers a comment with a sticker (null takes it back). */
export const circleReplyBody = z.object({ stamp: z.enum(CIRCLE_STAMPS).nullable() });

/** POST /api/fan/works/{id}/stamp/: a sticker, or null to take it back. */
export const circleStampBody = z.object({ stamp: z.enum(CIRCLE_STAMPS).nullable() });

/** POST /api/fan/works/{id}/comments/: plain text (shown as text, never as markup). */
export const circleCommentBody = z.object({
  body: z
    .string({ error: CIRCLE_ERRORS.commentRequired })
    .trim()
    .min(1, { error: CIRCLE_ERRORS.commentRequired, abort: true })
    .max(CIRCLE_COMMENT_MAX, CIRCLE_ERRORS.commentTooLong),
});

/** The circle around one of the caller's own works (GET /api/artworks/{id}/circle/, the child's): みたよ, stickers, comments. */
export const workCircle = z.object({
  seen_by: z.array(z.object({ ...who, seen_at: z.string() })),
  stamps: z.array(z.object({ stamp: z.enum(CIRCLE_STAMPS), ...who })),
  comments: z.array(circleComment),
});

/** A comment waiting for a parent (GET /api/circle/comments/). */
export const pendingComment = z.object({
  id: z.number(),
  ...who,
  body: z.string(),
  created_at: z.string(),
  work: z.object({ id: z.number(), title: z.string(), thumbnail_url: z.string().nullable() }),
  child: z.object({ id: z.number(), username: z.string() }),
});
export const pendingComments = z.object({ results: z.array(pendingComment) });

export type CircleInviteBody = z.input<typeof circleInviteBody>;
export type CircleOverview = z.infer<typeof circleOverview>;
export type CircleFan = z.infer<typeof circleFan>;
export type CircleInvitation = z.infer<typeof circleInvitation>;
export type CircleInvitationCreated = z.infer<typeof circleInvitationCreated>;
export type CircleInvitationPreview = z.infer<typeof circleInvitationPreview>;
export type FollowedChild = z.infer<typeof followedChild>;
export type CircleWork = z.infer<typeof circleWork>;
export type CircleReactions = z.infer<typeof circleReactions>;
export type CircleComment = z.infer<typeof circleComment>;
export type WorkCircle = z.infer<typeof workCircle>;
export type PendingComment = z.infer<typeof pendingComment>;

/**
 * Web Push (issue 32): a device's subscription, as PushManager.subscribe() gives it (PushSubscription.toJSON()).
 * The server sends only to the push services browsers use (server/domain/push.ts), so `endpoint` is checked there.
 */
export const PUSH_ENDPOINT_MAX = 1000;
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
  }),
});
export const pushEndpointBody = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX) });
/** GET /api/push/key/: the server's VAPID public key, the applicationServerKey of PushManager.subscribe(). */
export const pushKey = z.object({ public_key: z.string() });
/** What a push carries to the service worker: the notification's words and the page it opens (a path of the PWA). */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string().startsWith('/'), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;

/** GET and PATCH /api/fan/settings/: whether the weekly e-mail of the circle's new works comes (when push does not). */
export const fanSettings = z.object({ digest: z.boolean() });
export const fanSettingsBody = z.object({ digest: z.boolean() });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
