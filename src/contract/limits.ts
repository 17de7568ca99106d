/** Business constants shared by the PWA and the server (spec §9 of both documents, decisions.md). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 32,
  nameMin: 2,
  orgCodeLength: 6,
  /** Date of birth may not be earlier than this many years before today. */
  maxAgeYears: 225,
  /** Bytes accepted for one uploaded picture. */
  maxUploadBytes: 15 * 1024 * 1024,
  /** Pixel cap for decoded uploads (decompression-bomb guard). */
  maxUploadPixels: 50_000_000,
  maxImagesPerWork: 5,
  freePlanImageLimit: 5,
  pageSizeWorks: 12,
  pageSizeContests: 10,
  pageSizeClasses: 10,
  /** The account's payment history (contract/payments.ts). */
  pageSizePayments: 10,
  /** Refresh this many seconds before a token's exp. */
  refreshLeadSeconds: 60,
  childSelectDelayMs: 300,
  /** The contact form (works spec §5, §9): details of at least 10 characters; the other bounds are ours. */
  inquiryMessageMin: 10,
  inquiryMessageMax: 5000,
  inquirySubjectMax: 200,
  inquiryNameMax: 100,
} as const;

export const TOAST_MS = { default: 5000, short: 3000, childLogin: 3500 } as const;

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language the page shows (decisions.md: Japanese first): the user's choice, else English when the
 * browser's first language is English, else Japanese. The one copy of the rule: the page (web/lib/i18n.ts),
 * the server's preloads (server/middleware/preload.ts) and index.html's preload script, which runs this
 * function's own source before any module (build/first-load.ts, checked there at build time). So it uses nothing
 * but its arguments; ./preload.test.ts checks that it still accepts every one of LANGUAGES.
 */
export function pickLanguage(chosen: string | null | undefined, browserFirst: string | null | undefined): Language {
  if (chosen === 'en' || chosen === 'ja') return chosen;
  return (browserFirst ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'ja';
}
