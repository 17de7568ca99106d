/**
 * Artist classes (works spec §7, issue 13) and the console's class calls. Thin: the entry's checks have run (a
 * child token for the child's calls; for the console, the caller is staff of {orgId}); read the form where there is
 * one, call the domain and answer. The lists make their next/previous links from the path they were called with.
 */
import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import { sendBulkMail } from '../domain/bulk-mail';
import { classSignupsOf, createClass, deleteClass, listOrgClasses, orgClass, updateClass } from '../domain/class-admin';
import { classVideo } from '../domain/class-links';
import { confirmSignupPayment, signUp } from '../domain/class-signups';
import type { ClassViewer } from '../domain/class-views';
import { guardClassPayment } from '../domain/parent-word';
import { classDetail, listClasses, type ClassFilters } from '../domain/classes';
import type { Auth } from '../domain/sessions';
import { ApiError } from '../errors';
import { linksOf } from './list-links';
import { readPictureForm } from './picture-form';
import type { Handlers } from './register';

const viewerOf = (auth: Auth | null): ClassViewer => ({ profileId: auth?.profile?.id ?? null });

const filtersOf = (query: ClassFilters): ClassFilters => ({
  page: query.page,
  search: query.search || undefined,
  is_free: query.is_free,
  class_type: query.class_type,
});

export const classesHandlers = {
  classes: async ({ c, deps, auth, query }) => listClasses(deps, 'all', filtersOf(query), viewerOf(auth), linksOf(c)),
  myClasses: async ({ c, deps, auth, query }) => listClasses(deps, 'mine', filtersOf(query), viewerOf(auth), linksOf(c)),
  artistClass: async ({ deps, auth, params }) => classDetail(deps, params.id, viewerOf(auth)),
  classSignup: async ({ deps, auth, body, lang, t }) => {
    // A child token acts for its own profile only: another one (a sibling's too) is not found, as elsewhere.
    if (body.member !== undefined && body.member !== auth.profile.id) throw new ApiError(404, M.notFound);
    // A paid class needs the parent's word (the password typed here, or the parent's approval): else 403, waiting.
    await guardClassPayment(deps, { user: auth.user, profileId: auth.profile.id }, body.artist_class, body.parent_password);
    return signUp(deps, { profileId: auth.profile.id, userId: auth.user.id }, body.artist_class, lang, t);
  },
  classVideoUrl: async ({ deps, auth, params, body, lang, t }) =>
    classVideo(deps, auth.profile.id, params.id, body.resend === true, lang, t),
  classConfirmPayment: async ({ deps, auth, body, lang, t }) => {
    const done = await confirmSignupPayment(deps, body.payment_intent, { actor: 'user', profileId: auth.profile.id, lang });
    return { message: t(M.paymentConfirmed), signup_id: done.signupId, artist_class: done.classId, status: 'confirmed' as const };
  },

  orgClasses: async ({ c, deps, params, query }) => listOrgClasses(deps, params.orgId, query.page, linksOf(c)),
  orgClassCreate: async ({ c, deps, auth, params }) => {
    const { fields, picture: thumbnail } = await readPictureForm(c, ENDPOINTS.orgClassCreate.body, M.thumbnailRequired);
    return createClass(deps, params.orgId, auth.user.id, fields, thumbnail!);
  },
  orgClassUpdate: async ({ c, deps, params }) => {
    // Another organization's class is not found before its body is read.
    await orgClass(deps.db, params.orgId, params.classId);
    const { fields, picture: thumbnail } = await readPictureForm(c, ENDPOINTS.orgClassUpdate.body, null);
    return updateClass(deps, params.orgId, params.classId, fields, thumbnail);
  },
  orgClassDelete: async ({ deps, params, t }) => {
    await deleteClass(deps, params.orgId, params.classId);
    return { message: t(M.classDeleted) };
  },
  orgClassSignups: async ({ deps, params }) => ({ results: await classSignupsOf(deps, params.orgId, params.classId) }),
  orgClassMail: async ({ deps, auth, params, body, lang, t }) => {
    await orgClass(deps.db, params.orgId, params.classId);
    const sent = await sendBulkMail(deps, auth.user, params.orgId, { audience: 'class', classId: params.classId, ...body }, lang);
    return { message: t(M.mailQueued, { count: sent.recipients }), ...sent };
  },
} satisfies Partial<Handlers>;
