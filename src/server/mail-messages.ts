/**
 * The e-mails the server sends, in their own catalog (locales/server/*.po): the PWA never shows them, so
 * they stay out of its first-load catalogs. Translated with the contract's messages by ./i18n.ts.
 */
import type { Msg } from '@contract/messages';

export const MAIL = {
  verifySubject: /*i18n*/ { id: 'mail.verify_subject', message: '{brand}: please confirm your e-mail address' },
  verifyBody: /*i18n*/ {
    id: 'mail.verify_body',
    message:
      'Welcome to {brand}!\n\nPlease open this link within 24 hours to complete your registration:\n{link}\n\nOnly the link of your latest sign-up works.\n\nIf you did not sign up yourself, do not open the link: someone may have entered your address, and opening it would complete their registration. Just ignore this e-mail.',
  },
  existsSubject: /*i18n*/ { id: 'mail.exists_subject', message: '{brand}: someone tried to sign up with your address' },
  existsBody: /*i18n*/ {
    id: 'mail.exists_body',
    message:
      'Someone tried to create a {brand} account with this e-mail address, but you already have one.\n\nIf you forgot your password, you can reset it here:\n{link}\n\nIf it was not you, you can ignore this e-mail.',
  },
  resetSubject: /*i18n*/ { id: 'mail.reset_subject', message: '{brand}: reset your password' },
  resetBody: /*i18n*/ {
    id: 'mail.reset_body',
    message:
      'We received a request to reset your {brand} password.\n\nOpen this link within 1 hour to choose a new password:\n{link}\n\nIf you did not ask for this, you can ignore this e-mail.',
  },
  emailChangeSubject: /*i18n*/ { id: 'mail.email_change_subject', message: '{brand}: please confirm your new e-mail address' },
  emailChangeBody: /*i18n*/ {
    id: 'mail.email_change_body',
    message:
      'You asked to use this address for your {brand} account.\n\nPlease open this link within 24 hours to confirm it:\n{link}\n\nUntil then your account keeps its current address. If you did not ask for this, you can ignore this e-mail.',
  },
  emailTakenSubject: /*i18n*/ { id: 'mail.email_taken_subject', message: '{brand}: someone tried to use your address' },
  emailTakenBody: /*i18n*/ {
    id: 'mail.email_taken_body',
    message:
      'Someone asked to move another {brand} account to this e-mail address, but it already belongs to your account. Nothing was changed.\n\nIf you forgot your password, you can reset it here:\n{link}\n\nIf it was not you, you can ignore this e-mail.',
  },
  emailChangedSubject: /*i18n*/ { id: 'mail.email_changed_subject', message: '{brand}: your e-mail address was changed' },
  emailChangedBody: /*i18n*/ {
    id: 'mail.email_changed_body',
    message:
      'The e-mail address of your {brand} account was changed to {email}. From now on, log in with the new address.\n\nIf you did not make this change, reset your password at once and contact us:\n{link}',
  },
  // The contact form (works spec §2, §9): the notice to support (in the staff's language, ja) and the sender's receipt.
  inquirySupportSubject: /*i18n*/ { id: 'mail.inquiry_support_subject', message: '{brand} inquiry #{id}: {subject}' },
  inquirySupportBody: /*i18n*/ {
    id: 'mail.inquiry_support_body',
    message:
      'A new inquiry came through the contact form.\n\nFrom: {name} ({email})\nAccount: {account}\nLanguage: {language}\nReceived: {received} (Japan time)\n\nSubject: {subject}\n\n{message}\n\nReply to this e-mail to answer the sender.',
  },
  inquiryGuest: /*i18n*/ { id: 'mail.inquiry_guest', message: 'not logged in' },
  inquiryAccount: /*i18n*/ { id: 'mail.inquiry_account', message: 'user #{id}' },
  inquiryReceiptSubject: /*i18n*/ { id: 'mail.inquiry_receipt_subject', message: '{brand}: we have received your inquiry' },
  inquiryReceiptBody: /*i18n*/ {
    id: 'mail.inquiry_receipt_body',
    message:
      'Dear {name},\n\nThank you for contacting {brand}. We have received your inquiry with the subject:\n\n"{subject}"\n\nA member of our staff will reply to this address within 3 to 5 business days.\n\nOur contact hours are 10:00 to 15:00 (Japan time) on weekdays, excluding weekends and holidays.\n\nThis confirmation was sent automatically; there is no need to reply to it.\n\n{brand}',
  },
  // Contests (issue 12): the winning child's parent is told.
  contestWinnerSubject: /*i18n*/ { id: 'mail.contest_winner_subject', message: '{brand}: {username} won the contest "{contest}"!' },
  contestWinnerBody: /*i18n*/ {
    id: 'mail.contest_winner_body',
    message:
      'Congratulations!\n\nThe work "{title}" by {username} was picked as the winner of the contest "{contest}", run by {organization}.\n\nSee the contest here:\n{link}\n\n{brand}',
  },
  // Staff (issue 12): appointed by a super admin.
  staffInviteSubject: /*i18n*/ { id: 'mail.staff_invite_subject', message: '{brand}: you are now staff of {organization}' },
  staffInviteBody: /*i18n*/ {
    id: 'mail.staff_invite_body',
    message:
      'You have been appointed staff of {organization} on {brand}.\n\nLog in and choose "Organization" in the menu to open its console:\n{link}\n\nIf you think this is a mistake, please contact us through the contact form.',
  },
  staffInviteSignupSubject: /*i18n*/ {
    id: 'mail.staff_invite_signup_subject',
    message: '{brand}: you are invited to run {organization}',
  },
  staffInviteSignupBody: /*i18n*/ {
    id: 'mail.staff_invite_signup_body',
    message:
      'You have been invited to be staff of {organization} on {brand}.\n\nTo accept, sign up here with this e-mail address, even if you signed up before without confirming it, and open the confirmation link that this sign-up sends you. You become staff once the address is confirmed. Confirmation links sent before this invitation no longer work:\n{link}\n\nIf you did not expect this, you can ignore this e-mail.',
  },
  // Bulk e-mail from the console (issue 12): every one names who sent it and where from.
  bulkSubjectOrg: /*i18n*/ { id: 'mail.bulk_subject_org', message: '[{organization}] {subject}' },
  bulkSubjectAll: /*i18n*/ { id: 'mail.bulk_subject_all', message: '[{brand}] {subject}' },
  bulkFooterMembers: /*i18n*/ {
    id: 'mail.bulk_footer_members',
    message: '--\nThis e-mail was sent by {organization} through {brand} ({site}), because your child is a member of {organization}.',
  },
  bulkFooterStaff: /*i18n*/ {
    id: 'mail.bulk_footer_staff',
    message: '--\nThis e-mail was sent to the staff of {organization} through {brand} ({site}).',
  },
  bulkFooterAll: /*i18n*/ {
    id: 'mail.bulk_footer_all',
    message: '--\nThis e-mail was sent by {brand} ({site}) to all its users.',
  },
  // Artist classes (issue 13): the class's link, to the parent, once the sign-up is confirmed and when asked again.
  classLinkSubject: /*i18n*/ { id: 'mail.class_link_subject', message: '{brand}: the link to the class "{class}"' },
  classVideoBody: /*i18n*/ {
    id: 'mail.class_video_body',
    message:
      '{username} is signed up for the class "{class}" by {organization}.\n\nWatch the class video here:\n{video}\n\nThis link is for your family only. Please do not share it.{paid}\n\nYour classes:\n{classes}\n\n{brand}',
  },
  classLiveBody: /*i18n*/ {
    id: 'mail.class_live_body',
    message:
      '{username} is signed up for the class "{class}" by {organization}.\n\nThe class starts on {start} (Japan time). Join it here:\n{meeting}{recording}\n\nThis link is for your family only. Please do not share it.{paid}\n\nYour classes:\n{classes}\n\n{brand}',
  },
  classRecordingLine: /*i18n*/ { id: 'mail.class_recording_line', message: 'The recording of the class:\n{video}' },
  // What a paid class's link e-mail says was paid (issue 28): the receipt itself comes in an e-mail of its own.
  classPaidLine: /*i18n*/ {
    id: 'mail.class_paid_line',
    message: '\n\nPaid: {amount} (tax included). The receipt comes in a separate e-mail. All your payments:\n{history}',
  },
  // The receipt of every successful payment (issue 28), once per payment, in the language the payer paid in.
  receiptSubject: /*i18n*/ { id: 'mail.receipt_subject', message: '{brand}: your receipt for {item}' },
  receiptBody: /*i18n*/ {
    id: 'mail.receipt_body',
    message:
      'Thank you for your payment. This is your receipt.\n\nReceipt number: {number}\nDate: {date} (Japan time)\nFor: {item}{child}\nAmount: {amount} (tax included)\n\nSeller: {seller}\nAddress: {address}\nContact: {support}\n\nAll your payments:\n{link}\n\n{brand}',
  },
  receiptChildLine: /*i18n*/ { id: 'mail.receipt_child_line', message: '\nChild: {username}' },
  receiptClass: /*i18n*/ { id: 'mail.receipt_class', message: 'the class "{class}"' },
  receiptSomeClass: /*i18n*/ { id: 'mail.receipt_some_class', message: 'a class' },
  receiptPlanMonthly: /*i18n*/ { id: 'mail.receipt_plan_monthly', message: '{plan} plan (monthly)' },
  receiptPlanYearly: /*i18n*/ { id: 'mail.receipt_plan_yearly', message: '{plan} plan (yearly)' },
  receiptPlan: /*i18n*/ { id: 'mail.receipt_plan', message: '{plan} plan' },
  planPremium: /*i18n*/ { id: 'mail.plan_premium', message: 'Premium' },
  bulkFooterClass: /*i18n*/ {
    id: 'mail.bulk_footer_class',
    message: '--\nThis e-mail was sent by {organization} through {brand} ({site}), because your child signed up for its class "{class}".',
  },
} as const satisfies Record<string, Msg>;
