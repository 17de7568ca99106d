/**
 * The facts the legal texts of both languages share, written once (works spec §9). The prices are those of
 * decisions.md ("Plans"); the free plan's image limit is the contract's.
 */
import { TERMS_VERSION } from '@contract/legal';
import { LIMITS } from '@contract/limits';

import type { InlineLink } from './types';

/**
 * Where support is reached: the default of the server's SUPPORT_EMAIL (src/server/config.ts), where the contact
 * form's inquiries go. The PWA cannot read the server's setting, so a deployment that changes it changes this too.
 */
export const SUPPORT_EMAIL = 'support@littlemuseum.local';

/**
 * Each document's date (works spec §9), as YYYY-MM-DD: the privacy policy changed with issue 27 (pictures of works
 * made private). The terms' date is the version a parent agrees to at sign-up, kept on the account (contract/legal.ts).
 */
export const UPDATED = { terms: TERMS_VERSION, privacy: '2026-11-29' } as const;

export const FREE_IMAGES = LIMITS.freePlanImageLimit;

export const mail: InlineLink = { href: `mailto:${SUPPORT_EMAIL}`, text: SUPPORT_EMAIL };
