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
import { endpoint, type Endpoint } from './endpoint';
import { advertisement, advertisementQuery, inquiryFields } from './site';
import { PICTURE_UPLOAD, WORK_UPLOAD } from './uploads';
import { workFields, workUpdateFields, idName, imageCount, likeResponse, listQuery, paged, work } from './works';

const json = <S extends z.ZodType>(schema: S) => ({ type: 'json' as const, schema });
const form = <S extends z.ZodType>(schema: S) => ({ type: 'form' as const, schema });
const ok = <S extends z.ZodType>(schema: S) => ({ status: 200 as const, schema });
const created = <S extends z.ZodType>(schema: S) => ({ status: 201 as const, schema });
const workPage = paged(work);

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
    summary: 'Confirm the address of a new account',
    ok: ok(detailResponse),
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
    errors: [401, 403],
    rateLimits: [
      { limit: 'loginIp', by: 'ip', counts: 'failures' },
      { limit: 'loginEmail', by: 'email', counts: 'failures' },
    ],
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
    summary: 'Delete the account, its profiles, works and files',
    ok: ok(messageResponse),
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
  profileDelete: endpoint({
    method: 'DELETE',
    path: '/api/profiles/{id}/delete/',
    access: 'session',
    tag: 'profiles',
    summary: 'Delete a profile with its works and files (a child token: only its own)',
    ok: ok(messageResponse),
    // A child token naming any other profile is refused (403) before the profile is looked up.
    errors: [403],
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
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type OperationId = keyof Endpoints;

/** An operation as the PWA's client needs it at run time: method, path, access and area (no schemas). */
export type ApiRoute = readonly [method: Endpoint['method'], path: string, access: Endpoint['access'], tag: string];

/**
 * The table without its schemas, which the build hands to the PWA (vite.config.ts, `__API_ROUTES__`): the page
 * sends its calls without loading zod; answers are checked against the schemas in development only.
 */
export function apiRoutes(): Record<OperationId, ApiRoute> {
  const out = {} as Record<OperationId, ApiRoute>;
  for (const [id, e] of Object.entries(ENDPOINTS) as [OperationId, Endpoint][]) out[id] = [e.method, e.path, e.access, e.tag];
  return out;
}
