/**
 * The version of the terms and the privacy policy a parent agrees to at sign-up (issue 28): the terms' date, as
 * YYYY-MM-DD, written once here. The terms page shows it as its "Last updated" date (web/features/legal), and the
 * server stores it on the account with the moment of the consent (domain/accounts.ts signup). Changing the terms
 * means changing this date.
 */
export const TERMS_VERSION = '2025-01-22';
