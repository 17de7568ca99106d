/** The family circle (issue 32): the parent's management of it, the invitation link, and what a fan reads. */
import { M } from '@contract/messages';
import {
  childCircleWorks,
  circleOverview,
  followedChildren,
  inviteToCircle,
  joinCircle,
  previewInvitation,
  removeFan,
  revokeInvitation,
  setCircleDefault,
  updateFan,
} from '../domain/circle';
import { linksOf } from './list-links';
import type { Handlers } from './register';

export const circleHandlers = {
  circle: async ({ deps, auth }) => circleOverview(deps, auth.user.id),
  circleSettings: async ({ deps, auth, body }) => setCircleDefault(deps, auth.user.id, body.circle_by_default),
  circleInvite: async ({ deps, auth, body }) => inviteToCircle(deps, auth.user.id, body),
  circleInvitationRevoke: async ({ deps, auth, params, t }) => {
    await revokeInvitation(deps, auth.user.id, params.id);
    return { message: t(M.circleInvitationRevoked) };
  },
  circleFanUpdate: async ({ deps, auth, params, body }) => updateFan(deps, auth.user.id, params.id, body),
  circleFanRemove: async ({ deps, auth, params, t }) => {
    await removeFan(deps, auth.user.id, params.id);
    return { message: t(M.circleFanRemoved) };
  },
  circleInvitationPreview: async ({ deps, params }) => previewInvitation(deps, params.token),
  circleJoin: async ({ deps, auth, params, t }) => ({
    message: t(M.circleJoined),
    children: await joinCircle(deps, auth.user.id, params.token),
  }),
  fanChildren: async ({ deps, auth }) => ({ results: await followedChildren(deps, auth.user.id) }),
  fanChildWorks: async ({ c, deps, auth, params, query, lang }) =>
    childCircleWorks(deps, auth.user.id, params.childId, query.page, lang, linksOf(c)),
} satisfies Partial<Handlers>;
