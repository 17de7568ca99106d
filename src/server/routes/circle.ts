/** The family circle (issue 32): the parent's management of it, the invitation link, and what a fan reads. */
import {
  approveComment,
  childCircleWorks,
  circleOverview,
  commentOnWork,
  markWorkSeen,
  pendingCommentsOf,
  removeComment,
  stampWork,
  replyToComment,
  workCircleOf,
  followedChildren,
  inviteToCircle,
  joinCircle,
  previewInvitation,
  removeFan,
  revokeInvitation,
  setCircleDefault,
  updateFan,
} from '../domain/circle';
import { digestOff, fanSettingsOf } from '../domain/circle-digest';
import { subscribe, unsubscribe } from '../domain/push';
import { CIRCLE } from '../circle-messages';
import { linksOf } from './list-links';
import type { Handlers } from './register';

export const circleHandlers = {
  circle: async ({ deps, auth }) => circleOverview(deps, auth.user.id),
  circleSettings: async ({ deps, auth, body }) => setCircleDefault(deps, auth.user.id, body.circle_by_default),
  circleInvite: async ({ deps, auth, body }) => inviteToCircle(deps, auth.user.id, body),
  circleInvitationRevoke: async ({ deps, auth, params, t }) => {
    await revokeInvitation(deps, auth.user.id, params.id);
    return { message: t(CIRCLE.invitationRevoked) };
  },
  circleFanUpdate: async ({ deps, auth, params, body }) => updateFan(deps, auth.user.id, params.id, body),
  circleFanRemove: async ({ deps, auth, params, t }) => {
    await removeFan(deps, auth.user.id, params.id);
    return { message: t(CIRCLE.fanRemoved) };
  },
  circleInvitationPreview: async ({ deps, params }) => previewInvitation(deps, params.token),
  circleJoin: async ({ deps, auth, params, t, lang }) => ({
    message: t(CIRCLE.joined),
    children: await joinCircle(deps, auth.user.id, params.token, lang),
  }),
  fanChildren: async ({ deps, auth }) => ({ results: await followedChildren(deps, auth.user.id) }),
  fanChildWorks: async ({ c, deps, auth, params, query, lang }) =>
    childCircleWorks(deps, auth.user.id, params.childId, query.page, lang, linksOf(c)),
  fanStamp: async ({ deps, auth, params, body }) => stampWork(deps, auth.user.id, params.id, body.stamp),
  fanSeen: async ({ deps, auth, params }) => {
    await markWorkSeen(deps, auth.user.id, params.id);
    return { message: 'ok' };
  },
  fanComment: async ({ deps, auth, params, body }) => commentOnWork(deps, auth.user.id, params.id, body.body),
  circleComments: async ({ deps, auth }) => ({ results: await pendingCommentsOf(deps, auth.user.id) }),
  circleCommentApprove: async ({ deps, auth, params, t }) => {
    await approveComment(deps, auth.user.id, params.id);
    return { message: t(CIRCLE.commentApproved) };
  },
  circleCommentRemove: async ({ deps, auth, params, t }) => {
    await removeComment(deps, auth.user.id, params.id);
    return { message: t(CIRCLE.commentRemoved) };
  },
  fanSettings: async ({ deps, auth }) => fanSettingsOf(deps, auth.user.id),
  fanSettingsUpdate: async ({ deps, auth, body }) => fanSettingsOf(deps, auth.user.id, body.digest),
  circleDigestOff: async ({ deps, params, t }) => {
    await digestOff(deps, params.stop);
    return { message: t(CIRCLE.digestOff) };
  },
  pushKey: async ({ deps }) => ({ public_key: deps.config.push.publicKey }),
  // Under the caller's login: a parent login's device gets the family's and the fan's notices, a child's its own.
  pushSubscribe: async ({ deps, auth, body, lang, t }) => {
    await subscribe(deps, auth.session, body, lang);
    return { message: t(CIRCLE.pushSubscribed) };
  },
  pushSubscribeChild: async ({ deps, auth, body, lang, t }) => {
    await subscribe(deps, auth.session, body, lang);
    return { message: t(CIRCLE.pushSubscribed) };
  },
  pushUnsubscribe: async ({ deps, auth, body, t }) => {
    await unsubscribe(deps, auth.user.id, body.endpoint);
    return { message: t(CIRCLE.pushUnsubscribed) };
  },
  // A child token: its own work only.
  workCircle: async ({ deps, auth, params }) => workCircleOf(deps, auth.profile.id, params.id),
  workCircleReply: async ({ deps, auth, params, body }) => replyToComment(deps, auth.profile.id, params.id, params.commentId, body.stamp),
} satisfies Partial<Handlers>;
