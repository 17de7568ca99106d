/**
 * The rate limits an operation can use (declared per operation in ./endpoints, applied by the server before
 * its handler). Fixed windows; the counters live in the database, so they hold across instances.
 */
const MIN = 60;

export interface RateLimit {
  /** The counter's key prefix. */
  name: string;
  max: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  signupIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * MIN },
  resetEmail: { name: 'reset:email', max: 5, windowSeconds: 60 * MIN },
  resetIp: { name: 'reset:ip', max: 20, windowSeconds: 60 * MIN },
  orgCheckUser: { name: 'orgcheck:user', max: 20, windowSeconds: 10 * MIN },
  reauthUser: { name: 'reauth:user', max: 10, windowSeconds: 15 * MIN },
  emailChangeUser: { name: 'emailchange:user', max: 5, windowSeconds: 60 * MIN },
  inquiryIp: { name: 'inquiry:ip', max: 10, windowSeconds: 60 * MIN },
  inquiryEmail: { name: 'inquiry:email', max: 5, windowSeconds: 60 * MIN },
  contestSubmitUser: { name: 'contestsubmit:user', max: 30, windowSeconds: 10 * MIN },
  bulkMailUser: { name: 'bulkmail:user', max: 5, windowSeconds: 60 * MIN },
  staffInviteUser: { name: 'staffinvite:user', max: 30, windowSeconds: 60 * MIN },
  classSignupUser: { name: 'classsignup:user', max: 30, windowSeconds: 10 * MIN },
  /** Reading a class's link (sends nothing): a page opened again and again, not a flood. */
  classVideoUser: { name: 'classvideo:user', max: 60, windowSeconds: 10 * MIN },
  /** "Send the link again" (POST …/video-url/ with `resend`), counted per sign-up by the domain (class-links.ts). */
  classLinkResend: { name: 'classresend:signup', max: 3, windowSeconds: 60 * MIN },
  paymentConfirmUser: { name: 'paymentconfirm:user', max: 30, windowSeconds: 10 * MIN },
  checkoutUser: { name: 'checkout:user', max: 20, windowSeconds: 60 * MIN },
  /** The local provider's card forms: a card-testing flood is refused as Stripe's radar would. */
  localCardIp: { name: 'localcard:ip', max: 30, windowSeconds: 10 * MIN },
  webhookIp: { name: 'webhook:ip', max: 600, windowSeconds: 1 * MIN },
  /** A parent's password typed on a child's device (issue 28): wrong ones per account. */
  parentWordUser: { name: 'parentword:user', max: 5, windowSeconds: 15 * MIN },
  /** The open archive (GET /api/account/export/): each export reads every work and file of the family. */
  exportUser: { name: 'export:user', max: 5, windowSeconds: 60 * MIN },
  /** Circle invitations a family makes (issue 32). */
  circleInviteUser: { name: 'circleinvite:user', max: 30, windowSeconds: 60 * MIN },
  /** Invitation links looked up or used, per address: a guess at a 256-bit token is hopeless, a flood is refused. */
  circleJoinIp: { name: 'circlejoin:ip', max: 60, windowSeconds: 10 * MIN },
  /** A fan's stickers and 「みたよ」: a page of works opened and stamped, not a flood. */
  circleReactUser: { name: 'circlereact:user', max: 300, windowSeconds: 10 * MIN },
  /** A fan's comments. */
  circleCommentUser: { name: 'circlecomment:user', max: 20, windowSeconds: 10 * MIN },
  /** A device's push subscription made or dropped: a few per visit to the settings. */
  pushUser: { name: 'push:user', max: 30, windowSeconds: 10 * MIN },
  /** The weekly e-mail's one-click stop, per address. */
  digestOffIp: { name: 'digestoff:ip', max: 60, windowSeconds: 10 * MIN },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * One limit as an operation uses it: counted per client address, per account, or per the e-mail in the body;
 * `failures` gives the attempt back when the call succeeds (brute-force limits count only failures), and
 * `successes` when it fails (a limit on e-mails sent);
 * `whenField` counts only calls whose body has that field (e.g. an e-mail change).
 */
export interface RateLimitUse {
  limit: RateLimitName;
  by: 'ip' | 'user' | 'email';
  counts?: 'all' | 'failures' | 'successes';
  whenField?: string;
  /** With `by: 'email'`, the body field that holds the address (`email` unless given). */
  field?: string;
}

/**
 * One growing delay: the first `free` failures cost nothing, then each failure makes the next check wait 1 s, 2 s,
 * 4 s... up to `capSeconds`. Until then a check is refused (429 with Retry-After) before the password is looked at.
 */
export interface Slowdown {
  free: number;
  capSeconds: number;
}

/**
 * Login throttling (issue 27, finding 4; decisions.md: "slow down rather than refuse the right password"). Failed
 * checks count per account and address pair, so an attacker's failures from one address never slow the owner at
 * another. A correct login from an address the account logged in from before (`knownAddresses`, the newest few) is
 * slowed only by its own pair, and at most `pairKnown.capSeconds`. From other addresses, two more delays bound a
 * spread attack: one per account (each pair adds at most `account.perPair` failures to it, so one address alone
 * never starts it), one per address against the accounts it is unknown to (a sprayer; a classroom's parents who
 * logged in there before pass). Failures are forgotten `forgetAfterSeconds` after the last one; a correct password
 * clears its pair.
 */
export const LOGIN_THROTTLE = {
  pairKnown: { free: 5, capSeconds: 60 },
  pairUnknown: { free: 5, capSeconds: 15 * MIN },
  account: { free: 20, capSeconds: 15 * MIN, perPair: 5 },
  address: { free: 50, capSeconds: 15 * MIN },
  forgetAfterSeconds: 24 * 60 * MIN,
  knownAddresses: 10,
} as const satisfies Record<string, Slowdown | number | (Slowdown & { perPair: number })>;
