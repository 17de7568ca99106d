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
} as const satisfies Record<string, Msg>;
