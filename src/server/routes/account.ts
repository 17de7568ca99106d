/** The parent account: info, changes, deletion, its archive, the e-mail change link, and the start-up session check (user/me). */
import { M } from '@contract/messages';
import { accountInfo, confirmEmailChange, deleteAccount, patchAccount } from '../domain/account';
import { exportArchive } from '../domain/archive-export';
import { approveParentRequest, declineParentRequest, listParentRequests } from '../domain/parent-word';
import { runsAnyOrganization } from '../domain/staff';
import type { Handlers } from './register';

export const accountHandlers = {
  accountInfo: async ({ deps, auth }) => accountInfo(deps, auth.user.id),
  accountInfoUpdate: async ({ deps, auth, body, lang }) => patchAccount(deps, auth.user, body, lang),
  accountDelete: async ({ deps, auth, t }) => {
    await deleteAccount(deps, auth.user.id);
    return { message: t(M.accountDeleted) };
  },
  // The open archive: a zip streamed as the client reads it (domain/archive-export.ts), not a JSON answer.
  accountExport: async ({ deps, auth, query, lang }) => {
    const zip = await exportArchive(deps, { userId: auth.user.id, profileId: query.profile ?? null, lang });
    return new Response(zip.body, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${zip.filename}"`,
        'X-Archive-Expected-Bytes': String(zip.expectedBytes),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
  // Anyone holding the link: it was sent to the new address, which is what it proves.
  confirmEmail: async ({ deps, params, lang, t }) => {
    await confirmEmailChange(deps, params.uid, params.token, lang);
    return { detail: t(M.emailChanged) };
  },
  // A parent's word (issue 28): the children's requests waiting for this account, and the parent's answer.
  parentRequests: async ({ deps, auth }) => ({ results: await listParentRequests(deps, auth.user.id) }),
  parentRequestApprove: async ({ deps, auth, params, lang, t }) => {
    const approved = await approveParentRequest(deps, auth.user.id, params.id, lang, t);
    return approved.kind === 'class_payment' ? approved : { ...approved, message: t(M.parentRequestApproved) };
  },
  parentRequestDecline: async ({ deps, auth, params, t }) => {
    await declineParentRequest(deps, auth.user.id, params.id);
    return { message: t(M.parentRequestDeclined) };
  },
  me: async ({ deps, auth }) => ({
    email: auth.user.email,
    username: auth.profile?.username ?? null,
    // The console is the parent's: a child token is told neither.
    is_staff: auth.profile ? false : await runsAnyOrganization(deps.db, auth.user.id),
    is_super_admin: auth.profile ? false : auth.user.isSuperAdmin,
  }),
} satisfies Partial<Handlers>;
