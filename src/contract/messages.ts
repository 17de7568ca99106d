/**
 * Messages that both sides speak: validation texts carried by the contract's zod schemas and the
 * texts the server answers with. Each has an explicit id; `lingui extract` picks them up through
 * the `/*i18n*\/` marks, and both the PWA and the server translate them with `i18n._(id)`.
 * Zod issues carry the id as their message, so a field error is translated wherever it is shown.
 */
export interface Msg {
  readonly id: string;
  readonly message: string;
}

export const M = {
  // Validation (accounts spec §5, verbatim)
  emailRequired: /*i18n*/ { id: 'v.email_required', message: 'Email is required' },
  passwordRequired: /*i18n*/ { id: 'v.password_required', message: 'Password is required' },
  passwordLength: /*i18n*/ { id: 'v.password_length', message: 'Password must be between 8 and 32 characters' },
  passwordAlnum: /*i18n*/ { id: 'v.password_alnum', message: 'Password must contain only alphanumeric characters' },
  passwordMix: /*i18n*/ {
    id: 'v.password_mix',
    message: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  },
  confirmPasswordRequired: /*i18n*/ { id: 'v.confirm_password_required', message: 'Confirm Password is required' },
  passwordsDoNotMatch: /*i18n*/ { id: 'v.passwords_do_not_match', message: 'Passwords do not match' },
  addressRequired: /*i18n*/ { id: 'v.address_required', message: 'Current address is required' },
  addressInvalid: /*i18n*/ { id: 'v.address_invalid', message: 'Please choose a prefecture or country from the list' },
  realNameRequired: /*i18n*/ { id: 'v.real_name_required', message: 'Real name is required' },
  usernameRequired: /*i18n*/ { id: 'v.username_required', message: 'Username is required' },
  usernameChars: /*i18n*/ {
    id: 'v.username_chars',
    message: 'Username can only contain letters, numbers, and @/./+/-/_ characters',
  },
  usernameTooLong: /*i18n*/ { id: 'v.username_too_long', message: 'Username must be at most 30 characters' },
  dobRequired: /*i18n*/ { id: 'v.dob_required', message: 'Date of birth is required' },
  dobRequiredProfile: /*i18n*/ { id: 'v.dob_required_profile', message: 'Date of Birth is required' },
  dobMinAge: /*i18n*/ { id: 'v.dob_min_age', message: 'You must be at least 0 years old' },
  dobTooOld: /*i18n*/ { id: 'v.dob_too_old', message: 'Date of birth cannot be more than 225 years ago' },
  dobInvalid: /*i18n*/ { id: 'v.dob_invalid', message: 'Please enter a valid date' },
  orgRequired: /*i18n*/ { id: 'v.org_required', message: 'At least one organization is required' },
  orgCodeInvalid: /*i18n*/ { id: 'v.org_code_invalid', message: 'Organization code is not valid' },
  orgCodeDigits: /*i18n*/ { id: 'v.org_code_digits', message: 'Organization code must be 6 digits' },
  nameRequired: /*i18n*/ { id: 'v.name_required', message: 'Name is required' },
  nameMin: /*i18n*/ { id: 'v.name_min', message: 'Name must be at least 2 characters' },
  emailInvalid: /*i18n*/ { id: 'v.email_invalid', message: 'Invalid email format' },
  accountPassword: /*i18n*/ {
    id: 'v.account_password',
    message: 'Password must be at least 8 characters, include one uppercase letter, and one number',
  },
  // The contact form (works spec §5, verbatim; the length bounds are ours)
  subjectRequired: /*i18n*/ { id: 'v.subject_required', message: 'Subject is required' },
  subjectTooLong: /*i18n*/ { id: 'v.subject_too_long', message: 'Subject must be at most 200 characters' },
  inquiryRequired: /*i18n*/ { id: 'v.inquiry_required', message: 'Inquiry details are required' },
  inquiryTooShort: /*i18n*/ { id: 'v.inquiry_too_short', message: 'Please provide more details' },
  inquiryTooLong: /*i18n*/ { id: 'v.inquiry_too_long', message: 'Inquiry details must be at most 5000 characters' },
  contactEmailInvalid: /*i18n*/ { id: 'v.contact_email_invalid', message: 'Invalid email address' },
  fullNameRequired: /*i18n*/ { id: 'v.full_name_required', message: 'Full name is required' },
  fullNameTooLong: /*i18n*/ { id: 'v.full_name_too_long', message: 'Full name must be at most 100 characters' },
  invalidValue: /*i18n*/ { id: 'v.invalid_value', message: 'This value is not valid' },
  invalidBody: /*i18n*/ { id: 'v.invalid_body', message: 'The request could not be read. Please try again.' },
  nothingToChange: /*i18n*/ { id: 'v.nothing_to_change', message: 'There is nothing to change.' },
  invalidUser: /*i18n*/ { id: 'v.invalid_user', message: 'That user is not in your family' },
  imageRequired: /*i18n*/ { id: 'v.image_required', message: 'Image is required' },
  imageType: /*i18n*/ {
    id: 'v.image_type',
    message: 'Only JPEG, PNG, WebP and AVIF images can be uploaded (HEIC is not supported)',
  },
  imageTooLarge: /*i18n*/ { id: 'v.image_too_large', message: 'The image is too large (15 MB or 50 megapixels at most)' },
  imageUnreadable: /*i18n*/ { id: 'v.image_unreadable', message: 'The image could not be read. It may be damaged.' },

  titleRequired: /*i18n*/ { id: 'v.title_required', message: 'Title is required' },
  titleTooLong: /*i18n*/ { id: 'v.title_too_long', message: 'Title must be at most 100 characters' },
  descriptionTooLong: /*i18n*/ { id: 'v.description_too_long', message: 'Comments must be at most 2000 characters' },
  commentsRequired: /*i18n*/ { id: 'v.comments_required', message: 'Comments are required' },
  categoryRequired: /*i18n*/ { id: 'v.category_required', message: 'Category is required' },
  tagRequired: /*i18n*/ { id: 'v.tag_required', message: 'Tag is required' },
  imagesMin: /*i18n*/ { id: 'v.images_min', message: 'At least one image is required' },
  imagesMax: /*i18n*/ { id: 'v.images_max', message: 'Maximum 5 images are allowed' },
  freePlanLimit: /*i18n*/ {
    id: 'v.free_plan_limit',
    message: 'Free plan allows up to 5 images total. You have {count} images. Please upgrade to upload more.',
  },
  idempotencyMismatch: /*i18n*/ {
    id: 's.idempotency_mismatch',
    message: 'This upload was already received with different content.',
  },
  workAdded: /*i18n*/ { id: 's.work_added', message: 'Work registered successfully' },
  workUpdated: /*i18n*/ { id: 's.work_updated', message: 'Work updated successfully' },
  workDeleted: /*i18n*/ { id: 's.work_deleted', message: 'Work deleted successfully' },

  // Answers from the server
  loginSuccess: /*i18n*/ { id: 's.login_success', message: 'Logged in successfully' },
  loginInvalid: /*i18n*/ { id: 's.login_invalid', message: 'The e-mail address or password is incorrect' },
  notVerified: /*i18n*/ {
    id: 's.not_verified',
    message: 'Your account registration is not yet complete. Please register from the confirmation e-mail.',
  },
  signupSent: /*i18n*/ {
    id: 's.signup_sent',
    message: 'We have sent a confirmation e-mail. Please open the link in it to complete your registration.',
  },
  resetSent: /*i18n*/ {
    id: 's.reset_sent',
    message: 'If an account exists for this e-mail address, we have sent a link to reset the password.',
  },
  resetDone: /*i18n*/ {
    id: 's.reset_done',
    message: 'Password reset successful. Please login with your new password.',
  },
  verifyDone: /*i18n*/ { id: 's.verify_done', message: 'Email verified successfully! Please login to continue.' },
  linkInvalid: /*i18n*/ {
    id: 's.link_invalid',
    message: 'This link is invalid or has expired. Please request a new one.',
  },
  sessionExpired: /*i18n*/ { id: 's.session_expired', message: 'Your session has expired. Please log in again.' },
  loginRequired: /*i18n*/ { id: 's.login_required', message: 'Please login to continue' },
  childRequired: /*i18n*/ { id: 's.child_required', message: 'Please select a user to continue.' },
  parentRequired: /*i18n*/ {
    id: 's.parent_required',
    message: 'Only the parent account can do this. Please switch to the parent account.',
  },
  forbidden: /*i18n*/ { id: 's.forbidden', message: 'You do not have permission to do this.' },
  csrfFailed: /*i18n*/ { id: 's.csrf_failed', message: 'Security check failed. Please reload the page and try again.' },
  notFound: /*i18n*/ { id: 's.not_found', message: 'Not found.' },
  rateLimited: /*i18n*/ { id: 's.rate_limited', message: 'Too many attempts. Please wait a while and try again.' },
  uploadBusy: /*i18n*/ {
    id: 's.upload_busy',
    message: 'Other uploads from your family are still being received. Please wait a moment and try again.',
  },
  serverError: /*i18n*/ { id: 's.server_error', message: 'Something went wrong, Please try again later' },
  profileRegistered: /*i18n*/ { id: 's.profile_registered', message: 'The user has been registered.' },
  profileUpdated: /*i18n*/ { id: 's.profile_updated', message: 'The profile has been updated.' },
  profileDeleted: /*i18n*/ { id: 's.profile_deleted', message: 'The profile has been deleted.' },
  usernameTaken: /*i18n*/ { id: 's.username_taken', message: 'This username is already used in your family.' },
  childLoggedIn: /*i18n*/ { id: 's.child_logged_in', message: '{username} logged in' },
  accountUpdated: /*i18n*/ { id: 's.account_updated', message: 'Your account information has been updated.' },
  accountDeleted: /*i18n*/ { id: 's.account_deleted', message: 'Your account has been deleted.' },
  emailUnavailable: /*i18n*/ { id: 's.email_unavailable', message: 'This e-mail address cannot be used.' },
  currentPasswordRequired: /*i18n*/ {
    id: 'v.current_password_required',
    message: 'Please enter your current password to change the e-mail address or the password.',
  },
  currentPasswordWrong: /*i18n*/ { id: 'v.current_password_wrong', message: 'The current password is incorrect.' },
  emailChangeSent: /*i18n*/ {
    id: 's.email_change_sent',
    message: 'We have sent a confirmation link to the new e-mail address. The new address takes effect once you open it.',
  },
  emailChanged: /*i18n*/ { id: 's.email_changed', message: 'Your e-mail address has been changed. Please use the new address to log in.' },
  inquirySent: /*i18n*/ {
    id: 's.inquiry_sent',
    message: 'Thank you. We have received your inquiry and will reply within 3 to 5 business days.',
  },
  loggedOut: /*i18n*/ { id: 's.logged_out', message: 'You have been logged out.' },

  // Contests (works spec §5, §8; the rules are decisions.md's and issue 12's)
  contestNameRequired: /*i18n*/ { id: 'v.contest_name_required', message: 'Contest name is required' },
  contestNameTooLong: /*i18n*/ { id: 'v.contest_name_too_long', message: 'Contest name must be at most 100 characters' },
  contestTextTooLong: /*i18n*/ { id: 'v.contest_text_too_long', message: 'This text must be at most 5000 characters' },
  dateTimeRequired: /*i18n*/ { id: 'v.date_time_required', message: 'Date and time are required' },
  dateTimeInvalid: /*i18n*/ { id: 'v.date_time_invalid', message: 'Please enter a valid date and time' },
  contestEndBeforeStart: /*i18n*/ { id: 'v.contest_end_before_start', message: 'The end must be after the start' },
  thumbnailRequired: /*i18n*/ { id: 'v.thumbnail_required', message: 'A thumbnail image is required' },
  contestConsentRequired: /*i18n*/ {
    id: 'v.contest_consent_required',
    message: "Please agree that the work's first image, title and your username are shown in this contest's entry history.",
  },
  contestSubmitted: /*i18n*/ { id: 's.contest_submitted', message: 'Contest work submitted successfully' },
  contestNotInSession: /*i18n*/ { id: 's.contest_not_in_session', message: 'This contest is not accepting entries now.' },
  contestMembersOnly: /*i18n*/ {
    id: 's.contest_members_only',
    message: 'Only approved members of {organization} can enter this contest.',
  },
  contestAlreadyEntered: /*i18n*/ { id: 's.contest_already_entered', message: 'This work is already entered in this contest.' },
  contestHasEntries: /*i18n*/ {
    id: 's.contest_has_entries',
    message: 'A contest that has entries cannot be deleted.',
  },
  contestWinnerPicked: /*i18n*/ { id: 's.contest_winner_picked', message: 'The winner has been picked.' },
  contestAlreadyDecided: /*i18n*/ { id: 's.contest_already_decided', message: 'This contest already has a winner.' },
  contestNotStarted: /*i18n*/ { id: 's.contest_not_started', message: 'A winner can be picked once the contest has started.' },
  contestCreated: /*i18n*/ { id: 's.contest_created', message: 'The contest has been created.' },
  contestUpdated: /*i18n*/ { id: 's.contest_updated', message: 'The contest has been updated.' },
  contestDeleted: /*i18n*/ { id: 's.contest_deleted', message: 'The contest has been deleted.' },

  // Organizations: membership and the console (issue 12)
  membershipPending: /*i18n*/ { id: 's.membership_pending', message: 'Waiting for approval' },
  memberApproved: /*i18n*/ { id: 's.member_approved', message: 'The member has been approved.' },
  memberDeclined: /*i18n*/ { id: 's.member_declined', message: 'The request has been declined.' },
  memberRemoved: /*i18n*/ { id: 's.member_removed', message: 'The member has been removed.' },
  orgUpdated: /*i18n*/ { id: 's.org_updated', message: 'The organization has been updated.' },
  orgNameRequired: /*i18n*/ { id: 'v.org_name_required', message: 'Organization name is required' },
  orgNameTooLong: /*i18n*/ { id: 'v.org_name_too_long', message: 'Organization name must be at most 100 characters' },
  orgCreated: /*i18n*/ { id: 's.org_created', message: 'The organization has been created.' },
  staffInvited: /*i18n*/ {
    id: 's.staff_invited',
    message: 'An invitation has been sent. An address without an account becomes staff once it signs up.',
  },
  staffAdded: /*i18n*/ { id: 's.staff_added', message: '{email} is now staff of this organization.' },
  staffRemoved: /*i18n*/ { id: 's.staff_removed', message: 'The staff member has been removed.' },
  mailSubjectRequired: /*i18n*/ { id: 'v.mail_subject_required', message: 'Subject is required' },
  mailSubjectTooLong: /*i18n*/ { id: 'v.mail_subject_too_long', message: 'Subject must be at most 200 characters' },
  mailBodyRequired: /*i18n*/ { id: 'v.mail_body_required', message: 'Message is required' },
  mailBodyTooLong: /*i18n*/ { id: 'v.mail_body_too_long', message: 'Message must be at most 10000 characters' },
  mailNoRecipients: /*i18n*/ { id: 's.mail_no_recipients', message: 'There is nobody to send this e-mail to.' },
  mailQueued: /*i18n*/ { id: 's.mail_queued', message: 'Your e-mail is being sent to {count} recipients.' },
  bannerNameRequired: /*i18n*/ { id: 'v.banner_name_required', message: 'Banner name is required' },
  bannerUrlInvalid: /*i18n*/ {
    id: 'v.banner_url_invalid',
    message: 'The link must be an https:// address or a path of this site starting with /',
  },
  bannerImageRequired: /*i18n*/ { id: 'v.banner_image_required', message: 'A banner image is required' },
  dateInvalid: /*i18n*/ { id: 'v.date_invalid', message: 'Please enter a valid date' },
  bannerEndBeforeStart: /*i18n*/ { id: 'v.banner_end_before_start', message: 'The last day must not be before the first day' },
  bannerSaved: /*i18n*/ { id: 's.banner_saved', message: 'The banner has been saved.' },
  bannerDeleted: /*i18n*/ { id: 's.banner_deleted', message: 'The banner has been deleted.' },
} as const satisfies Record<string, Msg>;
