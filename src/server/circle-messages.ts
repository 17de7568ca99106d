/**
 * What the server answers about the family circle (issue 32), in its own catalog (locales/server/*.po): the PWA shows
 * these answers as the server wrote them (in the request's language), so they stay out of its first-load catalogs.
 * Translated with the contract's messages by ./i18n.ts. The field errors too: the PWA checks none of them itself (the
 * server's 400 carries their text), so the contract names them by id (contract/circle.ts CIRCLE_ERRORS) and a test
 * checks that each id has its text here.
 */
import type { Msg } from '@contract/messages';

export const CIRCLE = {
  // The invitation's fields (contract/circle.ts names them by id: CIRCLE_FIELD_ERRORS).
  roleRequired: /*i18n*/ { id: 'v.circle_role_required', message: 'Please choose who you are inviting.' },
  roleLabelRequired: /*i18n*/ { id: 'v.circle_role_label_required', message: 'Please write who they are to the children.' },
  roleLabelTooLong: /*i18n*/ { id: 'v.circle_role_label_too_long', message: 'Please keep it to 30 characters.' },
  roleLabelChars: /*i18n*/ { id: 'v.circle_role_label_chars', message: 'Please use plain words, without < > or line breaks.' },
  childrenRequired: /*i18n*/ { id: 'v.circle_children_required', message: 'Please choose at least one child.' },
  commentRequired: /*i18n*/ { id: 'v.circle_comment_required', message: 'Please write a comment.' },
  commentTooLong: /*i18n*/ { id: 'v.circle_comment_too_long', message: 'A comment can be up to 200 characters.' },
  commentApproved: /*i18n*/ { id: 's.circle_comment_approved', message: 'The comment is on the work now.' },
  commentRemoved: /*i18n*/ { id: 's.circle_comment_removed', message: 'The comment was removed.' },
  invitationInvalid: /*i18n*/ {
    id: 's.circle_invitation_invalid',
    message: 'This invitation has already been used, was cancelled, or has expired. Please ask the family for a new one.',
  },
  ownFamily: /*i18n*/ { id: 's.circle_own_family', message: 'This invitation is from your own family.' },
  joined: /*i18n*/ { id: 's.circle_joined', message: 'You have joined the family circle.' },
  fanRemoved: /*i18n*/ { id: 's.circle_fan_removed', message: 'Removed from the family circle.' },
  invitationRevoked: /*i18n*/ { id: 's.circle_invitation_revoked', message: 'The invitation was cancelled.' },
  tooManyInvitations: /*i18n*/ {
    id: 's.circle_too_many_invitations',
    message: 'There are already 20 invitations waiting. Please cancel one before making another.',
  },
  // Web Push's notices (domain/push.ts): short, for a lock screen; never a comment's words.
  roleGrandpa: /*i18n*/ { id: 'p.role_grandpa', message: 'Grandpa' },
  roleGrandma: /*i18n*/ { id: 'p.role_grandma', message: 'Grandma' },
  roleUncle: /*i18n*/ { id: 'p.role_uncle', message: 'Uncle' },
  roleAunt: /*i18n*/ { id: 'p.role_aunt', message: 'Aunt' },
  roleCousin: /*i18n*/ { id: 'p.role_cousin', message: 'Cousin' },
  roleOther: /*i18n*/ { id: 'p.role_other', message: 'Family' },
  pushNewWorkTitle: /*i18n*/ { id: 'p.new_work_title', message: '{username} has shared a new work' },
  pushNewWorkBody: /*i18n*/ { id: 'p.new_work_body', message: "Open {username}'s museum to see it." },
  pushWaitingTitle: /*i18n*/ { id: 'p.waiting_title', message: 'A comment is waiting for your approval' },
  pushWaitingBody: /*i18n*/ { id: 'p.waiting_body', message: '{role} commented on a work by {username}.' },
  pushApprovedTitle: /*i18n*/ { id: 'p.approved_title', message: 'You have a comment from {role}!' },
  pushApprovedBody: /*i18n*/ { id: 'p.approved_body', message: 'Open your work to read it.' },
  pushSubscribed: /*i18n*/ { id: 's.push_subscribed', message: 'Notifications are on for this device.' },
  pushUnsubscribed: /*i18n*/ { id: 's.push_unsubscribed', message: 'Notifications are off for this device.' },
  pushEndpointRefused: /*i18n*/ {
    id: 'v.push_endpoint_refused',
    message: "This browser's push service is not one we can send to.",
  },
  // The weekly e-mail (domain/circle-digest.ts).
  digestSubject: /*i18n*/ { id: 'mail.digest_subject', message: '{brand}: new works in your family circle' },
  digestBody: /*i18n*/ {
    id: 'mail.digest_body',
    message:
      'Here is what the children you follow shared this week:\n\n{lines}\n\nSee them in the circle:\n{link}\n\nYou get this e-mail once a week because notifications are not turned on on any of your devices. To stop it, open this link (one click, no login):\n{stop}',
  },
  digestLine: /*i18n*/ { id: 'mail.digest_line', message: '{username}: {count, plural, one {# new work} other {# new works}}' },
  digestOff: /*i18n*/ { id: 's.digest_off', message: 'You will no longer receive the weekly e-mail.' },
  digestLinkInvalid: /*i18n*/ {
    id: 's.digest_link_invalid',
    message: 'This link is not valid. Please turn the e-mail off from the circle page.',
  },
} as const satisfies Record<string, Msg>;
