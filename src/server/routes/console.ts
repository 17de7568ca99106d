/**
 * The organization console and the super admin (issue 12). Who may call each operation (`staff` of `{orgId}`,
 * `admin`) is checked by routes/register.ts before these run; the domain scopes every query by the organization.
 */
import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import { createBanner, deleteBanner, listBanners, updateBanner } from '../domain/banners-admin';
import { mailLog, previewMail, sendBulkMail } from '../domain/bulk-mail';
import { adminOrganizations, createOrganization, inviteStaff, removeStaff } from '../domain/org-admin';
import {
  approveMember,
  consoleHome,
  declineMember,
  orgMembers,
  regenerateCode,
  removeMember,
  updateJoinPolicy,
} from '../domain/org-members';
import { readPictureForm } from './picture-form';
import type { Handlers } from './register';

export const consoleHandlers = {
  // ---- staff ----------------------------------------------------------------------------------
  consoleHome: async ({ deps, auth }) => consoleHome(deps, auth.user),
  orgUpdate: async ({ deps, params, body }) => updateJoinPolicy(deps, params.orgId, body.join_policy),
  orgCodeRegenerate: async ({ deps, params }) => regenerateCode(deps, params.orgId),
  orgMembers: async ({ deps, params }) => orgMembers(deps, params.orgId),
  orgMemberApprove: async ({ deps, params, t }) => {
    await approveMember(deps, params.orgId, params.profileId);
    return { message: t(M.memberApproved) };
  },
  orgMemberDecline: async ({ deps, params, t }) => {
    await declineMember(deps, params.orgId, params.profileId);
    return { message: t(M.memberDeclined) };
  },
  orgMemberRemove: async ({ deps, params, t }) => {
    await removeMember(deps, params.orgId, params.profileId);
    return { message: t(M.memberRemoved) };
  },
  orgMailPreview: async ({ deps, params, body, lang }) => previewMail(deps, body.audience, params.orgId, body, lang),
  orgMailSend: async ({ deps, auth, params, body, lang, t }) => {
    const sent = await sendBulkMail(deps, auth.user, params.orgId, body, lang);
    return { message: t(M.mailQueued, { count: sent.recipients }), ...sent };
  },
  orgMailLog: async ({ deps, params }) => mailLog(deps, params.orgId),

  // ---- the super admin ------------------------------------------------------------------------
  adminOrganizations: async ({ deps }) => ({ results: await adminOrganizations(deps) }),
  adminOrganizationCreate: async ({ deps, body }) => createOrganization(deps, body.name),
  adminStaffInvite: async ({ deps, auth, params, body, lang, t }) => inviteStaff(deps, auth.user, params.orgId, body.email, lang, t),
  adminStaffRemove: async ({ deps, params, body, t }) => removeStaff(deps, params.orgId, body.email, t),
  adminBanners: async ({ deps }) => listBanners(deps),
  adminBannerCreate: async ({ c, deps }) => {
    const { fields, picture } = await readPictureForm(c, ENDPOINTS.adminBannerCreate.body, null);
    return createBanner(deps, fields, picture);
  },
  adminBannerUpdate: async ({ c, deps, params }) => {
    const { fields, picture } = await readPictureForm(c, ENDPOINTS.adminBannerUpdate.body, null);
    return updateBanner(deps, params.id, fields, picture);
  },
  adminBannerDelete: async ({ deps, params, t }) => {
    await deleteBanner(deps, params.id);
    return { message: t(M.bannerDeleted) };
  },
  adminMailPreview: async ({ deps, body, lang }) => previewMail(deps, 'all', null, body, lang),
  adminMailSend: async ({ deps, auth, body, lang, t }) => {
    const sent = await sendBulkMail(deps, auth.user, null, { audience: 'all', ...body }, lang);
    return { message: t(M.mailQueued, { count: sent.recipients }), ...sent };
  },
  adminMailLog: async ({ deps }) => mailLog(deps, null),
} satisfies Partial<Handlers>;
