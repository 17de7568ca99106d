/**
 * The REST API, declared once (accounts spec §7, works spec §3-§8): every operation with its method, path, who
 * may call it, its query and body schemas, its success answer and the rate limits it uses. The server registers
 * its routes from this table (src/server/routes/register.ts), the PWA calls the API through a client derived
 * from it (src/web/lib/http.ts), and /api/openapi.json is generated from it (./openapi.ts). Error statuses and
 * body limits follow from each entry (./endpoint.ts). No API path is written anywhere else.
 */
import { z } from 'zod';

import {
  accountInfo,
  accountInfoPatchBody,
  accountInfoPatchResponse,
  detailResponse,
  verifyEmailResponse,
  loginBody,
  logoutBody,
  me,
  messageResponse,
  navbarLink,
  organization,
  organizationList,
  passwordResetBody,
  passwordResetConfirmBody,
  profile,
  profileLoginBody,
  profilePatchBody,
  refreshBody,
  registerProfileFields,
  signupBody,
  signupResponse,
  tokenPair,
} from './accounts';
import {
  adminBanner,
  adminBanners,
  adminMailBody,
  adminOrganization,
  adminOrganizations,
  bannerFields,
  consoleEntry,
  consoleHome,
  consoleOrganization,
  createOrganizationBody,
  mailLog,
  mailPreview,
  mailSent,
  orgMembers,
  orgSettingsBody,
  staffInviteBody,
  staffInviteResponse,
  staffMailBody,
  staffMailPreviewBody,
  adminMailPreviewBody,
} from './console';
import {
  cancelResponse,
  checkoutBody,
  checkoutResponse,
  localCheckout,
  localCheckoutPayResponse,
  localCard,
  localConfirmBody,
  localConfirmResponse,
  planList,
  subscriptionQuery,
  subscriptionStatus,
  webhookResponse,
} from './billing';
import { paymentHistoryPage } from './payments';
import {
  artistClass,
  classFields,
  classQuery,
  classSignupBody,
  classSignupResponse,
  classVideo,
  classVideoBody,
  confirmPaymentBody,
  confirmPaymentResponse,
  consoleClass,
  consoleSignups,
} from './classes';
import { contest, contestFields, contestQuery, submitWorkBody, submitWorkResponse, winnerBody } from './contests';
import { endpoint, ID_MAX, type Endpoint } from './endpoint';
import { M } from './messages';
import { advertisement, advertisementQuery, healthResult, inquiryFields } from './site';
import { BANNER_UPLOAD, CLASS_UPLOAD, CONTEST_UPLOAD, PICTURE_UPLOAD, WORK_UPLOAD } from './uploads';
import { workFields, workUpdateFields, idName, imageCount, likeResponse, listQuery, paged, work } from './works';
import { timelinePage } from './timeline';
import { parentRequestApproved, parentRequestList, profileDeleteBody } from './parent-word';
import {
  circleFanPatchBody,
  circleInvitationCreated,
  circleInvitationPreview,
  circleInviteBody,
  circleJoined,
  circleOverview,
  circleSettingsBody,
  circleCommentBody,
  circleComment,
  circleReactions,
  circleStampBody,
  circleWork,
  followedChildren,
  pendingComments,
  workCircle,
} from './circle';

const json = <S extends z.ZodType>(schema: S) => ({ type: 'json' as const, schema });
const form = <S extends z.ZodType>(schema: S) => ({ type: 'form' as const, schema });
const ok = <S extends z.ZodType>(schema: S) => ({ status: 200 as const, schema });
const created = <S extends z.ZodType>(schema: S) => ({ status: 201 as const, schema });
const workPage = paged(work);
const contestPage = paged(contest);
const classPage = paged(artistClass);
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
/** ?profile={id}: one child of the family (an id as in a path: digits, a positive int4). */
const exportQuery = z.object({
  profile: z
    .string()
    .regex(/^\d{1,10}$/, M.invalidValue.id)
    .transform(Number)
    .pipe(z.number().int().min(1, M.invalidValue.id).max(ID_MAX, M.invalidValue.id))
    .optional(),
});

export const ENDPOINTS = {
  // ---- sign-up, login and sessions -----------------------------------------------------------
  signup: endpoint({
    method: 'POST',
    path: '/api/signup/',
    access: 'guest',
    tag: 'auth',
    summary: 'Create an account; a verification link is e-mailed',
    body: json(signupBody),
    ok: created(signupResponse),
    rateLimits: [{ limit: 'signupIp', by: 'ip' }],
  }),
  verifyEmail: endpoint({
    method: 'GET',
    path: '/api/verify-email/{uid}/{token}',
    access: 'guest',
    tag: 'auth',
    summary: 'Confirm the address of a new account (the answer names it, for the login form)',
    ok: ok(verifyEmailResponse),
    errors: [400],
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/login/',
    access: 'guest',
    tag: 'auth',
    summary: 'Log in with e-mail and password',
    body: json(loginBody),
    ok: ok(tokenPair),
    // 429 with Retry-After: failed logins slow down their account and address pair (LOGIN_THROTTLE in ./rate-limits).
    errors: [401, 403, 429],
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/password-reset/',
    access: 'guest',
    tag: 'auth',
    summary: 'E-mail a password reset link',
    body: json(passwordResetBody),
    ok: ok(messageResponse),
    rateLimits: [
      { limit: 'resetIp', by: 'ip' },
      { limit: 'resetEmail', by: 'email' },
    ],
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/password-reset-confirm/{uid}/{token}',
    access: 'guest',
    tag: 'auth',
    summary: 'Set a new password from a reset link',
    body: json(passwordResetConfirmBody),
    ok: ok(detailResponse),
  }),
  tokenRefresh: endpoint({
    method: 'POST',
    path: '/api/token/refresh/',
    access: 'guest',
    tag: 'auth',
    summary: 'Exchange a refresh token for a new pair (it rotates)',
    body: json(refreshBody),
    ok: ok(tokenPair),
    errors: [401],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout/',
    access: 'session',
    tag: 'auth',
    summary: "End this token's login session",
    body: json(logoutBody),
    ok: ok(messageResponse),
  }),

  // ---- the parent account --------------------------------------------------------------------
  accountInfo: endpoint({
    method: 'GET',
    path: '/api/account-info/',
    access: 'parent',
    tag: 'account',
    summary: "The account's e-mail, name, address and profiles",
    ok: ok(accountInfo),
  }),
  accountInfoUpdate: endpoint({
    method: 'PATCH',
    path: '/api/account-info/',
    access: 'parent',
    tag: 'account',
    summary: 'Change the name or address; a new e-mail or password needs the current password',
    body: json(accountInfoPatchBody),
    ok: ok(accountInfoPatchResponse),
    rateLimits: [
      { limit: 'reauthUser', by: 'user', counts: 'failures' },
      { limit: 'emailChangeUser', by: 'user', counts: 'successes', whenField: 'email' },
    ],
  }),
  accountDelete: endpoint({
    method: 'DELETE',
    path: '/api/account/delete/',
    access: 'parent',
    tag: 'account',
    summary: 'Delete the account, its profiles, works and files, after cancelling its subscriptions at the payment provider',
    ok: ok(messageResponse),
    // 503: the payment provider could not be reached to cancel a subscription; nothing was deleted (try again later).
    errors: [503],
  }),
  accountExport: endpoint({
    method: 'GET',
    path: '/api/account/export/',
    access: 'parent',
    tag: 'account',
    summary:
      'The open archive: one zip (application/zip, streamed) of the family, or of one child with ?profile=; X-Archive-Expected-Bytes gives its expected size',
    query: exportQuery,
    // The body is a zip, not JSON: a string is what a client reads it as (src/contract/archive.ts describes its files).
    ok: ok(z.string()),
    // 404: ?profile names no profile of this family; 409: too large for one zip (export one child at a time).
    errors: [404, 409],
    rateLimits: [{ limit: 'exportUser', by: 'user' }],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/confirm-email/{uid}/{token}',
    access: 'guest',
    tag: 'account',
    summary: 'Confirm a new e-mail address from its link',
    ok: ok(detailResponse),
    errors: [400],
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/user/me/',
    access: 'session',
    tag: 'account',
    summary: "The caller's e-mail and, for a child token, its username",
    ok: ok(me),
  }),

  // ---- child profiles ------------------------------------------------------------------------
  registerProfile: endpoint({
    method: 'POST',
    path: '/api/register-profile/',
    access: 'parent',
    tag: 'profiles',
    summary: 'Add a child profile (multipart, with an optional picture)',
    body: { type: 'multipart', fields: registerProfileFields, upload: PICTURE_UPLOAD },
    ok: created(profile),
  }),
  children: endpoint({
    method: 'GET',
    path: '/api/children/',
    access: 'session',
    tag: 'profiles',
    summary: "The family's profiles",
    ok: ok(z.array(profile)),
  }),
  profiles: endpoint({
    method: 'GET',
    path: '/api/profiles/',
    access: 'session',
    tag: 'profiles',
    summary: "The family's profiles",
    ok: ok(z.array(profile)),
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/profile/',
    access: 'child',
    tag: 'profiles',
    summary: "The child token's own profile",
    ok: ok(profile),
  }),
  profileUpdate: endpoint({
    method: 'PATCH',
    path: '/api/profile/',
    access: 'child',
    tag: 'profiles',
    summary: "Change the child token's own profile",
    body: json(profilePatchBody),
    ok: ok(profile),
  }),
  profilePicture: endpoint({
    method: 'POST',
    path: '/api/profile/picture/',
    access: 'child',
    tag: 'profiles',
    summary: "Replace the child token's own profile picture (multipart `profile_picture`, required; re-encoded)",
    body: { type: 'multipart', fields: z.object({}), upload: PICTURE_UPLOAD },
    ok: ok(profile),
  }),
  profileDelete: endpoint({
    method: 'DELETE',
    path: '/api/profiles/{id}/delete/',
    access: 'session',
    tag: 'profiles',
    summary:
      "Delete a profile with its works and files (a child token: only its own, with the parent's password, else 403 and a request waits for the parent)",
    body: json(profileDeleteBody),
    ok: ok(messageResponse),
    // 403: a child token naming any other profile (before it is looked up), or its own without parent_password.
    // 400 on parent_password: not the parent's; wrong ones count per account (429 after a few).
    errors: [403],
    rateLimits: [{ limit: 'parentWordUser', by: 'user', counts: 'failures', whenField: 'parent_password' }],
  }),
  profileLogin: endpoint({
    method: 'POST',
    path: '/api/profile/login/',
    access: 'parent',
    tag: 'profiles',
    summary: 'Choose a profile: a child token pair for it',
    // 404: the family has no profile of that username (another family's profile is not found either).
    body: json(profileLoginBody),
    ok: ok(tokenPair),
    errors: [404],
  }),

  // ---- organizations -------------------------------------------------------------------------
  organizations: endpoint({
    method: 'GET',
    path: '/api/organizations/',
    access: 'session',
    tag: 'organizations',
    summary: "Organizations the family's profiles belong to",
    ok: ok(organizationList),
  }),
  organizationCheck: endpoint({
    method: 'GET',
    path: '/api/organizations/check/{code}/',
    access: 'session',
    tag: 'organizations',
    summary: "The organization of a 6-digit code (a child's check proves the code for 24 hours)",
    ok: ok(organization),
    rateLimits: [{ limit: 'orgCheckUser', by: 'user' }],
  }),
  organization: endpoint({
    method: 'GET',
    path: '/api/organizations/{id}',
    access: 'session',
    tag: 'organizations',
    summary: "One of the family's organizations",
    ok: ok(organization),
  }),

  // ---- reference data ------------------------------------------------------------------------
  publicNavbar: endpoint({
    method: 'GET',
    path: '/api/public-navbar/',
    access: 'public',
    tag: 'public',
    summary: "The footer's outside links (the blog)",
    ok: ok(z.array(navbarLink)),
  }),
  advertisements: endpoint({
    method: 'GET',
    path: '/api/advertisements/',
    access: 'public',
    tag: 'public',
    summary: "The advertisements running today, in their order (`add_type=banner`: the landing page's sponsor banners)",
    query: advertisementQuery,
    ok: ok(z.array(advertisement)),
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/health/',
    access: 'guest',
    tag: 'site',
    summary: "Whether this instance can serve (a load balancer's probe): its database and storage answer (503 names which not)",
    ok: ok(healthResult),
    errors: [503],
  }),
  inquiry: endpoint({
    method: 'POST',
    path: '/api/inquiry/',
    access: 'public',
    tag: 'public',
    summary: 'Write to support: stored, mailed to support with a reply-to of the sender, and a receipt to the sender',
    body: form(inquiryFields),
    ok: created(messageResponse),
    rateLimits: [
      { limit: 'inquiryIp', by: 'ip' },
      { limit: 'inquiryEmail', by: 'email', field: 'user_email' },
    ],
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/artworks/categories',
    access: 'public',
    tag: 'public',
    summary: 'Work categories, named in the request language',
    ok: ok(z.array(idName)),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/api/artworks/tags',
    access: 'public',
    tag: 'public',
    summary: 'Work tags, named in the request language',
    ok: ok(z.array(idName)),
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    tag: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
    ok: ok(z.record(z.string(), z.unknown())),
  }),

  // ---- works, galleries and likes ------------------------------------------------------------
  publicWorks: endpoint({
    method: 'GET',
    path: '/api/artworks/',
    access: 'public',
    tag: 'works',
    summary: 'Public works of everyone, newest first',
    query: listQuery,
    ok: ok(workPage),
  }),
  workCreate: endpoint({
    method: 'POST',
    path: '/api/artworks/',
    access: 'child',
    tag: 'works',
    summary: 'Add a work of 1 to 5 images (multipart; an Idempotency-Key makes a retry safe)',
    body: { type: 'multipart', fields: workFields, upload: WORK_UPLOAD },
    ok: created(work),
    errors: [422],
  }),
  myWorks: endpoint({
    method: 'GET',
    path: '/api/artworks/my',
    access: 'child',
    tag: 'works',
    summary: "The child's own works",
    query: listQuery,
    ok: ok(workPage),
  }),
  myCollection: endpoint({
    method: 'GET',
    path: '/api/artworks/my-collection/',
    access: 'child',
    tag: 'works',
    summary: 'Works the child liked and can still see',
    query: listQuery,
    ok: ok(workPage),
  }),
  familyGallery: endpoint({
    method: 'GET',
    path: '/api/artworks/family-gallery/',
    access: 'child',
    tag: 'works',
    summary: 'Works of family members who share with the child',
    query: listQuery,
    ok: ok(workPage),
  }),
  memberWorks: endpoint({
    method: 'GET',
    path: '/api/artworks/member/{id}',
    access: 'child',
    tag: 'works',
    summary: "One family member's works: all if shared with the child, else the public ones",
    query: listQuery,
    ok: ok(workPage),
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/api/profiles/{id}/timeline/',
    access: 'session',
    tag: 'works',
    summary: "A child's works by the age they were made at, newest first, with the count of each age (issue 15)",
    query: pageQuery,
    ok: ok(timelinePage),
    // A child token naming another profile is refused (403); another family's profile is not found (404).
    errors: [403],
  }),
  work: endpoint({
    method: 'GET',
    path: '/api/artworks/{id}',
    access: 'public',
    tag: 'works',
    summary: 'One work the caller may see',
    ok: ok(work),
  }),
  workUpdate: endpoint({
    method: 'POST',
    path: '/api/artworks/{id}/update/',
    access: 'child',
    tag: 'works',
    summary: 'Change a work (multipart: new images, and the ids of those kept)',
    body: { type: 'multipart', fields: workUpdateFields, upload: WORK_UPLOAD },
    ok: ok(work),
    // 409: the owner made it private while another edit changed its images; nothing was changed, try again.
    errors: [409],
  }),
  workDelete: endpoint({
    method: 'DELETE',
    path: '/api/artworks/{id}/delete/',
    access: 'child',
    tag: 'works',
    summary: 'Delete a work and its files',
    ok: ok(messageResponse),
  }),
  workLike: endpoint({
    method: 'POST',
    path: '/api/artworks/{id}/like/',
    access: 'child',
    tag: 'works',
    summary: 'Like a work',
    ok: ok(likeResponse),
  }),
  workUnlike: endpoint({
    method: 'POST',
    path: '/api/artworks/{id}/unlike/',
    access: 'child',
    tag: 'works',
    summary: 'Take a like back',
    ok: ok(likeResponse),
  }),
  imageCount: endpoint({
    method: 'GET',
    path: '/api/billing/user-image-count/',
    access: 'session',
    tag: 'works',
    summary: "The account's stored images and its plan's limit",
    ok: ok(imageCount),
  }),

  // ---- artist classes (works spec §7, issue 13) ------------------------------------------------
  classes: endpoint({
    method: 'GET',
    path: '/api/artist-classes/',
    access: 'public',
    tag: 'classes',
    summary: 'Published artist classes, newest first (free word, price and class type filters)',
    query: classQuery,
    ok: ok(classPage),
  }),
  myClasses: endpoint({
    method: 'GET',
    path: '/api/artist-classes/my-classes',
    access: 'child',
    tag: 'classes',
    summary: 'The classes the child has signed up for (pending or confirmed)',
    query: classQuery,
    ok: ok(classPage),
  }),
  artistClass: endpoint({
    method: 'GET',
    path: '/api/artist-classes/{id}',
    access: 'public',
    tag: 'classes',
    summary: "One published class; with a child token, the child's sign-up (member_signup)",
    ok: ok(artistClass),
  }),
  classSignup: endpoint({
    method: 'POST',
    path: '/api/artist-classes/signup/',
    access: 'child',
    tag: 'classes',
    summary:
      "Sign the child up: a free class at once (its link is e-mailed); a paid one, with the parent's password or approval, pending a payment intent",
    body: json(classSignupBody),
    ok: created(classSignupResponse),
    // 404: no such published class, or `member` is not the token's own profile; 409: already signed up and confirmed.
    // 403: a paid class without parent_password (nor the parent's approval): the request waits for the parent.
    // 400 on parent_password: not the parent's; wrong ones count per account (429 after a few).
    errors: [403, 404, 409],
    rateLimits: [
      { limit: 'classSignupUser', by: 'user' },
      { limit: 'parentWordUser', by: 'user', counts: 'failures', whenField: 'parent_password' },
    ],
  }),
  classVideoUrl: endpoint({
    method: 'POST',
    path: '/api/artist-classes/{id}/video-url/',
    access: 'child',
    tag: 'classes',
    summary: "The class's video and meeting link for a confirmed sign-up of that class; `resend: true` e-mails them again",
    body: json(classVideoBody),
    ok: ok(classVideo),
    // 403: not signed up, or the payment is pending; 429: sent again 3 times this hour (per sign-up, in the domain).
    rateLimits: [{ limit: 'classVideoUser', by: 'user' }],
  }),
  classConfirmPayment: endpoint({
    method: 'POST',
    path: '/api/artist-classes/confirm-payment/',
    access: 'child',
    tag: 'classes',
    summary: "Confirm a paid sign-up once the server itself has found the provider's payment intent succeeded",
    body: json(confirmPaymentBody),
    ok: ok(confirmPaymentResponse),
    // 404: no sign-up of this child has that intent; 422: the intent has not succeeded, or its amount differs.
    errors: [404, 422],
    rateLimits: [{ limit: 'paymentConfirmUser', by: 'user' }],
  }),

  // ---- a parent's word (decisions.md, issue 28) --------------------------------------------------
  parentRequests: endpoint({
    method: 'GET',
    path: '/api/parent-requests/',
    access: 'parent',
    tag: 'account',
    summary: "What the family's children asked for that waits for the parent: a class's payment, a profile's deletion",
    ok: ok(parentRequestList),
  }),
  parentRequestApprove: endpoint({
    method: 'POST',
    path: '/api/parent-requests/{id}/approve/',
    access: 'parent',
    tag: 'account',
    summary: "Approve a child's request: the profile is deleted, or the class's payment intent is answered for the parent to pay",
    ok: ok(parentRequestApproved),
    // 404: no waiting request of this family; 409: the class was paid meanwhile.
    errors: [404, 409],
  }),
  parentRequestDecline: endpoint({
    method: 'POST',
    path: '/api/parent-requests/{id}/decline/',
    access: 'parent',
    tag: 'account',
    summary: "Decline a child's request: it is removed",
    ok: ok(messageResponse),
    errors: [404],
  }),

  // ---- the family circle (issue 32) ---------------------------------------------------------------
  circle: endpoint({
    method: 'GET',
    path: '/api/circle/',
    access: 'parent',
    tag: 'circle',
    summary: "The family's circle: its fans, the invitations waiting, and whether new works are shared with it",
    ok: ok(circleOverview),
  }),
  circleSettings: endpoint({
    method: 'PATCH',
    path: '/api/circle/',
    access: 'parent',
    tag: 'circle',
    summary: "Whether the family's new works are shared with the circle from the start",
    body: json(circleSettingsBody),
    ok: ok(circleOverview),
  }),
  circleInvite: endpoint({
    method: 'POST',
    path: '/api/circle/invitations/',
    access: 'parent',
    tag: 'circle',
    summary: 'Invite a relative: a link, good once for 7 days, to follow the chosen children',
    body: json(circleInviteBody),
    ok: created(circleInvitationCreated),
    // 409: 20 invitations already wait.
    errors: [409],
    rateLimits: [{ limit: 'circleInviteUser', by: 'user' }],
  }),
  circleInvitationRevoke: endpoint({
    method: 'DELETE',
    path: '/api/circle/invitations/{id}/',
    access: 'parent',
    tag: 'circle',
    summary: 'Cancel an invitation that has not been used',
    ok: ok(messageResponse),
    errors: [404],
  }),
  circleFanUpdate: endpoint({
    method: 'PATCH',
    path: '/api/circle/fans/{id}/',
    access: 'parent',
    tag: 'circle',
    summary: 'Change which children a fan follows, and whether their comments wait for a parent',
    body: json(circleFanPatchBody),
    ok: ok(circleOverview),
    errors: [404],
  }),
  circleFanRemove: endpoint({
    method: 'DELETE',
    path: '/api/circle/fans/{id}/',
    access: 'parent',
    tag: 'circle',
    summary: "Remove a fan: from the next request on, they see nothing of the family's",
    ok: ok(messageResponse),
    errors: [404],
  }),
  circleInvitationPreview: endpoint({
    method: 'GET',
    path: '/api/circle/join/{token}/',
    access: 'guest',
    tag: 'circle',
    summary: "An invitation as its link's holder sees it before joining: the role and the children's usernames",
    ok: ok(circleInvitationPreview),
    errors: [404],
    rateLimits: [{ limit: 'circleJoinIp', by: 'ip' }],
  }),
  circleJoin: endpoint({
    method: 'POST',
    path: '/api/circle/join/{token}/',
    access: 'parent',
    tag: 'circle',
    summary: "Join a family's circle with an invitation (the link is then used up)",
    ok: ok(circleJoined),
    // 400: the caller's own family; 404: no such invitation, or used, cancelled or expired.
    errors: [404],
    rateLimits: [{ limit: 'circleJoinIp', by: 'ip' }],
  }),
  fanChildren: endpoint({
    method: 'GET',
    path: '/api/fan/children/',
    access: 'parent',
    tag: 'circle',
    summary: 'The children the caller follows as a fan, in every family whose circle it is in',
    ok: ok(followedChildren),
  }),
  fanChildWorks: endpoint({
    method: 'GET',
    path: '/api/fan/children/{childId}/works/',
    access: 'parent',
    tag: 'circle',
    summary: 'The circle works of a child the caller follows, newest first',
    query: pageQuery,
    ok: ok(paged(circleWork)),
  }),
  fanStamp: endpoint({
    method: 'POST',
    path: '/api/fan/works/{id}/stamp/',
    access: 'parent',
    tag: 'circle',
    summary: "Put a sticker on a followed child's circle work (one per fan; null takes it back)",
    body: json(circleStampBody),
    ok: ok(circleReactions),
    errors: [404],
    rateLimits: [{ limit: 'circleReactUser', by: 'user' }],
  }),
  fanSeen: endpoint({
    method: 'POST',
    path: '/api/fan/works/{id}/seen/',
    access: 'parent',
    tag: 'circle',
    summary: "「みたよ」: the fan has seen a followed child's circle work",
    ok: ok(messageResponse),
    errors: [404],
    rateLimits: [{ limit: 'circleReactUser', by: 'user' }],
  }),
  fanComment: endpoint({
    method: 'POST',
    path: '/api/fan/works/{id}/comments/',
    access: 'parent',
    tag: 'circle',
    summary: "Comment on a followed child's circle work: it waits for a parent unless the fan's comments need no approval",
    body: json(circleCommentBody),
    ok: created(circleComment),
    errors: [404],
    rateLimits: [{ limit: 'circleCommentUser', by: 'user' }],
  }),
  circleComments: endpoint({
    method: 'GET',
    path: '/api/circle/comments/',
    access: 'parent',
    tag: 'circle',
    summary: "The fans' comments on the family's works that wait for a parent",
    ok: ok(pendingComments),
  }),
  circleCommentApprove: endpoint({
    method: 'POST',
    path: '/api/circle/comments/{id}/approve/',
    access: 'parent',
    tag: 'circle',
    summary: 'Approve a comment: the child and the circle see it',
    ok: ok(messageResponse),
    errors: [404],
  }),
  circleCommentRemove: endpoint({
    method: 'DELETE',
    path: '/api/circle/comments/{id}/',
    access: 'parent',
    tag: 'circle',
    summary: 'Decline a waiting comment, or remove an approved one',
    ok: ok(messageResponse),
    errors: [404],
  }),
  workCircle: endpoint({
    method: 'GET',
    path: '/api/artworks/{id}/circle/',
    access: 'child',
    tag: 'circle',
    summary: "The circle around the child's own work: who has seen it (「みたよ」), the stickers and the approved comments",
    ok: ok(workCircle),
    errors: [404],
  }),

  // ---- plans and billing (works spec §7, issue 13) ----------------------------------------------
  billingPlans: endpoint({
    method: 'GET',
    path: '/api/billing/plans/',
    access: 'public',
    tag: 'billing',
    summary: 'The plans: Free, Premium, and the organization plan',
    ok: ok(planList),
  }),
  billingCheckout: endpoint({
    method: 'POST',
    path: '/api/billing/create-checkout-session/',
    access: 'parent',
    tag: 'billing',
    summary: "Start a subscription: a checkout session at the provider, whose hosted page's URL the browser goes to",
    body: json(checkoutBody),
    ok: ok(checkoutResponse),
    // 409: a paid plan is already active; 422: not a family's paid plan.
    errors: [409, 422],
    rateLimits: [{ limit: 'checkoutUser', by: 'user' }],
  }),
  billingStatus: endpoint({
    method: 'GET',
    path: '/api/billing/subscription-status/',
    access: 'parent',
    tag: 'billing',
    summary: "The account's plan; with session_id, that checkout is first settled with the provider",
    query: subscriptionQuery,
    ok: ok(subscriptionStatus),
    // 404: session_id names no checkout of this account.
    errors: [404],
  }),
  billingPayments: endpoint({
    method: 'GET',
    path: '/api/billing/payments/',
    access: 'parent',
    tag: 'billing',
    summary: "The account's payments (classes and plans) from the payment ledger, newest first, with their status",
    query: pageQuery,
    ok: ok(paymentHistoryPage),
  }),
  billingCancel: endpoint({
    method: 'POST',
    path: '/api/billing/cancel-subscription/',
    access: 'parent',
    tag: 'billing',
    summary: 'Cancel the plan at the end of the period it is paid for',
    ok: ok(cancelResponse),
    errors: [409],
  }),
  billingWebhook: endpoint({
    method: 'POST',
    path: '/api/billing/webhook/',
    access: 'guest',
    tag: 'billing',
    summary: "The provider's events, signed over the raw body (Stripe-Signature); a delivered event id is ignored",
    body: { type: 'raw' },
    ok: ok(webhookResponse),
    rateLimits: [{ limit: 'webhookIp', by: 'ip' }],
  }),
  localPaymentConfirm: endpoint({
    method: 'POST',
    path: '/api/payments/local/confirm/',
    access: 'guest',
    tag: 'payments',
    summary: 'The local test provider: pay a payment intent with a test card (as stripe.confirmPayment); 404 with Stripe',
    body: json(localConfirmBody),
    ok: ok(localConfirmResponse),
    // 404: Stripe is configured (the local provider's calls do not exist then).
    errors: [404],
    rateLimits: [{ limit: 'localCardIp', by: 'ip' }],
  }),
  localCheckout: endpoint({
    method: 'GET',
    path: '/api/payments/local/checkout/{session}/',
    access: 'guest',
    tag: 'payments',
    summary: "The local test provider's hosted checkout: the session's plan and its return addresses; 404 with Stripe",
    ok: ok(localCheckout),
  }),
  localCheckoutPay: endpoint({
    method: 'POST',
    path: '/api/payments/local/checkout/{session}/pay/',
    access: 'guest',
    tag: 'payments',
    summary: "The local test provider's hosted checkout: pay with a test card and start the subscription",
    body: json(localCard),
    ok: ok(localCheckoutPayResponse),
    // 409: the session is no longer open.
    errors: [409],
    rateLimits: [{ limit: 'localCardIp', by: 'ip' }],
  }),

  // ---- contests (works spec §7) ---------------------------------------------------------------
  contests: endpoint({
    method: 'GET',
    path: '/api/contests/',
    access: 'public',
    tag: 'contests',
    summary: 'Contests, running and scheduled first, then those already held (free word and status filters)',
    query: contestQuery,
    ok: ok(contestPage),
  }),
  myContests: endpoint({
    method: 'GET',
    path: '/api/contests/my-contests',
    access: 'child',
    tag: 'contests',
    summary: 'Contests the child has entered',
    query: contestQuery,
    ok: ok(contestPage),
  }),
  contest: endpoint({
    method: 'GET',
    path: '/api/contests/{id}',
    access: 'public',
    tag: 'contests',
    summary: 'One contest; with a token, its entry history (and, for a child, whether it may enter)',
    ok: ok(contest),
  }),
  contestSubmit: endpoint({
    method: 'POST',
    path: '/api/contests/submit-work/',
    access: 'child',
    tag: 'contests',
    summary: "Enter the child's own work in a contest in session, with its consent to the entry history",
    body: json(submitWorkBody),
    ok: created(submitWorkResponse),
    // 403: a members-only contest and no approved membership; 404: no such contest or not the child's work;
    // 409: the work is already entered; 422: the contest is not in session.
    errors: [403, 404, 409, 422],
    rateLimits: [{ limit: 'contestSubmitUser', by: 'user' }],
  }),

  // ---- the organization console (staff: the parent token of the organization's staff) ----------
  consoleHome: endpoint({
    method: 'GET',
    path: '/api/org/',
    access: 'parent',
    tag: 'console',
    summary: 'The organizations the caller runs, and whether it is a super admin',
    ok: ok(consoleHome),
  }),
  orgUpdate: endpoint({
    method: 'PATCH',
    path: '/api/org/{orgId}/',
    access: 'staff',
    tag: 'console',
    summary: 'Choose how the code admits members: at once, or after staff approve each request',
    body: json(orgSettingsBody),
    ok: ok(consoleOrganization),
  }),
  orgCodeRegenerate: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/code/',
    access: 'staff',
    tag: 'console',
    summary: 'A new 6-digit code (the old one stops working; members stay)',
    ok: ok(consoleOrganization),
  }),
  orgMembers: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/members/',
    access: 'staff',
    tag: 'console',
    summary: "Pending and approved members, by their profile's username and picture",
    ok: ok(orgMembers),
  }),
  orgMemberApprove: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/members/{profileId}/approve/',
    access: 'staff',
    tag: 'console',
    summary: 'Approve a pending request',
    ok: ok(messageResponse),
  }),
  orgMemberDecline: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/members/{profileId}/decline/',
    access: 'staff',
    tag: 'console',
    summary: 'Decline a pending request',
    ok: ok(messageResponse),
  }),
  orgMemberRemove: endpoint({
    method: 'DELETE',
    path: '/api/org/{orgId}/members/{profileId}/',
    access: 'staff',
    tag: 'console',
    summary: 'Remove a member',
    ok: ok(messageResponse),
  }),
  orgContests: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/contests/',
    access: 'staff',
    tag: 'console',
    summary: "The organization's contests, newest first",
    query: pageQuery,
    ok: ok(contestPage),
  }),
  orgContestCreate: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/contests/',
    access: 'staff',
    tag: 'console',
    summary: 'Create a contest (multipart: the thumbnail, re-encoded as works are, and its fields in Japan time)',
    body: { type: 'multipart', fields: contestFields, upload: CONTEST_UPLOAD },
    ok: created(contest),
  }),
  orgContestUpdate: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/contests/{contestId}/update/',
    access: 'staff',
    tag: 'console',
    summary: 'Edit a contest (a new thumbnail is optional)',
    body: { type: 'multipart', fields: contestFields, upload: CONTEST_UPLOAD },
    ok: ok(contest),
  }),
  orgContestDelete: endpoint({
    method: 'DELETE',
    path: '/api/org/{orgId}/contests/{contestId}/',
    access: 'staff',
    tag: 'console',
    summary: 'Delete a contest that has no entries, and its thumbnail',
    ok: ok(messageResponse),
    errors: [409],
  }),
  orgContestEntries: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/contests/{contestId}/entries/',
    access: 'staff',
    tag: 'console',
    summary: "A contest's entries, for the wall of thumbnails",
    ok: ok(z.object({ results: z.array(consoleEntry) })),
  }),
  orgContestWinner: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/contests/{contestId}/winner/',
    access: 'staff',
    tag: 'console',
    summary: "Pick the winning entry: the contest is held, and the winner's parent is e-mailed",
    body: json(winnerBody),
    ok: ok(contest),
    // 409: a winner was already picked; 422: the contest has not started.
    errors: [409, 422],
  }),
  orgClasses: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/classes/',
    access: 'staff',
    tag: 'console',
    summary: "The organization's classes, published or not, newest first",
    query: pageQuery,
    ok: ok(paged(consoleClass)),
  }),
  orgClassCreate: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/classes/',
    access: 'staff',
    tag: 'console',
    summary: 'Create a class (multipart: the thumbnail, re-encoded as works are, free or a price in JPY, live or recorded)',
    body: { type: 'multipart', fields: classFields, upload: CLASS_UPLOAD },
    ok: created(consoleClass),
  }),
  orgClassUpdate: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/classes/{classId}/update/',
    access: 'staff',
    tag: 'console',
    summary: 'Edit a class, publish or unpublish it (a new thumbnail is optional; the price is fixed once someone signed up)',
    body: { type: 'multipart', fields: classFields, upload: CLASS_UPLOAD },
    ok: ok(consoleClass),
    errors: [409],
  }),
  orgClassDelete: endpoint({
    method: 'DELETE',
    path: '/api/org/{orgId}/classes/{classId}/',
    access: 'staff',
    tag: 'console',
    summary: 'Delete a class that nobody has signed up for, and its thumbnail',
    ok: ok(messageResponse),
    errors: [409],
  }),
  orgClassSignups: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/classes/{classId}/signups/',
    access: 'staff',
    tag: 'console',
    summary: "A class's sign-ups: the child's username and pending or confirmed",
    ok: ok(consoleSignups),
  }),
  orgClassMail: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/classes/{classId}/mail/',
    access: 'staff',
    tag: 'console',
    summary: "E-mail the parents of the class's confirmed sign-ups (in batches after the answer, and logged)",
    body: json(adminMailBody),
    ok: created(mailSent),
    rateLimits: [{ limit: 'bulkMailUser', by: 'user', counts: 'successes' }],
  }),
  orgMailPreview: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/mail/preview/',
    access: 'staff',
    tag: 'console',
    summary: 'How many would receive an e-mail to the members or to the staff, and the draft as it will arrive',
    body: json(staffMailPreviewBody),
    ok: ok(mailPreview),
  }),
  orgMailSend: endpoint({
    method: 'POST',
    path: '/api/org/{orgId}/mail/',
    access: 'staff',
    tag: 'console',
    summary: "E-mail the approved members' parents or the staff (sent in batches after the answer, and logged)",
    body: json(staffMailBody),
    ok: created(mailSent),
    rateLimits: [{ limit: 'bulkMailUser', by: 'user', counts: 'successes' }],
  }),
  orgMailLog: endpoint({
    method: 'GET',
    path: '/api/org/{orgId}/mail/',
    access: 'staff',
    tag: 'console',
    summary: "The organization's sent e-mails: who sent what, when, to how many",
    ok: ok(mailLog),
  }),

  // ---- the super admin ---------------------------------------------------------------------------
  adminOrganizations: endpoint({
    method: 'GET',
    path: '/api/admin/organizations/',
    access: 'admin',
    tag: 'admin',
    summary: 'Every organization with its staff',
    ok: ok(adminOrganizations),
  }),
  adminOrganizationCreate: endpoint({
    method: 'POST',
    path: '/api/admin/organizations/',
    access: 'admin',
    tag: 'admin',
    summary: 'Create an organization (its 6-digit code is generated)',
    body: json(createOrganizationBody),
    ok: created(adminOrganization),
  }),
  adminStaffInvite: endpoint({
    method: 'POST',
    path: '/api/admin/organizations/{orgId}/staff/',
    access: 'admin',
    tag: 'admin',
    summary: 'Appoint staff by e-mail (an invitation; an address without an account is invited to sign up first)',
    body: json(staffInviteBody),
    ok: ok(staffInviteResponse),
    rateLimits: [{ limit: 'staffInviteUser', by: 'user' }],
  }),
  adminStaffRemove: endpoint({
    method: 'POST',
    path: '/api/admin/organizations/{orgId}/staff/remove/',
    access: 'admin',
    tag: 'admin',
    summary: 'Remove a staff member or an invitation, by e-mail',
    body: json(staffInviteBody),
    ok: ok(staffInviteResponse),
  }),
  adminBanners: endpoint({
    method: 'GET',
    path: '/api/admin/banners/',
    access: 'admin',
    tag: 'admin',
    summary: "The landing page's sponsor banners, active or not, in their order",
    ok: ok(adminBanners),
  }),
  adminBannerCreate: endpoint({
    method: 'POST',
    path: '/api/admin/banners/',
    access: 'admin',
    tag: 'admin',
    summary: 'Add a sponsor banner (multipart: the image, re-encoded, and its link, active days and order)',
    body: { type: 'multipart', fields: bannerFields, upload: BANNER_UPLOAD },
    ok: created(adminBanner),
  }),
  adminBannerUpdate: endpoint({
    method: 'POST',
    path: '/api/admin/banners/{id}/update/',
    access: 'admin',
    tag: 'admin',
    summary: 'Change a sponsor banner (a new image is optional)',
    body: { type: 'multipart', fields: bannerFields, upload: BANNER_UPLOAD },
    ok: ok(adminBanner),
  }),
  adminBannerDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/banners/{id}/',
    access: 'admin',
    tag: 'admin',
    summary: 'Delete a sponsor banner and its image',
    ok: ok(messageResponse),
  }),
  adminMailPreview: endpoint({
    method: 'POST',
    path: '/api/admin/mail/preview/',
    access: 'admin',
    tag: 'admin',
    summary: 'How many users an e-mail to all would reach, and the draft as it will arrive',
    body: json(adminMailPreviewBody),
    ok: ok(mailPreview),
  }),
  adminMailSend: endpoint({
    method: 'POST',
    path: '/api/admin/mail/',
    access: 'admin',
    tag: 'admin',
    summary: 'E-mail every verified user (in batches after the answer, and logged)',
    body: json(adminMailBody),
    ok: created(mailSent),
    rateLimits: [{ limit: 'bulkMailUser', by: 'user', counts: 'successes' }],
  }),
  adminMailLog: endpoint({
    method: 'GET',
    path: '/api/admin/mail/',
    access: 'admin',
    tag: 'admin',
    summary: 'E-mails sent to all users',
    ok: ok(mailLog),
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type OperationId = keyof Endpoints;

/** An operation as the PWA's client needs it at run time: method, path, access and area (no schemas). */
export type ApiRoute = readonly [method: Endpoint['method'], path: string, access: Endpoint['access'], tag: string];

/**
 * Operations only the organization console (`staff`, `admin` and its first screen), the family circle, the local provider's hosted
 * checkout call, or that no page calls (the provider's webhook): kept out of the route data every page loads first.
 */
export function isConsoleRoute(id: OperationId, e: Endpoint): boolean {
  return (
    e.access === 'staff' ||
    e.access === 'admin' ||
    e.tag === 'payments' ||
    // The family circle's (issue 32): loaded with the pages that use them, not by every page.
    e.tag === 'circle' ||
    id === 'consoleHome' ||
    id === 'billingWebhook'
  );
}

/**
 * The table without its schemas, which the build hands to the PWA (vite.config.ts): `first`, in the client every
 * page loads (`__API_ROUTES__`), and `console` (isConsoleRoute), added by src/web/lib/console-routes.ts where the
 * console or the local checkout loads (`__CONSOLE_API_ROUTES__`). The page sends its calls without loading zod;
 * answers are checked against the schemas in development only.
 */
export function apiRoutes(part: 'first' | 'console' | 'all' = 'all'): Partial<Record<OperationId, ApiRoute>> {
  const out: Partial<Record<OperationId, ApiRoute>> = {};
  for (const [id, e] of Object.entries(ENDPOINTS) as [OperationId, Endpoint][]) {
    if (part === 'all' || (part === 'console') === isConsoleRoute(id, e)) out[id] = [e.method, e.path, e.access, e.tag];
  }
  return out;
}
