/**
 * For the suites driven by the endpoint table (authorization-matrix.test.ts, fuzz.test.ts): a world of two
 * families, and for every operation a request that is valid for it. SAMPLES is keyed by OperationId, so a new
 * operation without a sample fails to compile (and the suites say which one is missing if it is left out at
 * run time); each sample's params, query and body are typed from its entry.
 */
import type { z } from 'zod';

import type { Endpoint, FieldsOf, FormBody, JsonBody, JsonOf, MultipartBody, ParamsOf, QueryOf, RawBody } from '@contract/endpoint';
import { fillPath } from '@contract/endpoint';
import { ENDPOINTS, type Endpoints, type OperationId } from '@contract/endpoints';
import { createECDH, createHash, randomBytes } from 'node:crypto';

import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';

import {
  circleFans,
  circleInvitations,
  organizationStaff,
  organizations,
  parentRequests,
  plans,
  profileOrganizations,
  users,
} from '../db/schema';
import { liveFields, recordedFields } from './classes-helpers';
import { pictureForm } from './contests-helpers';
import { PASSWORD, TOKYO, childSession, linkParts, signupVerified, uniqueEmail, type RequestOptions, type TestServer } from './harness';
import { made, png, workForm } from './works-helpers';
import { digestOffToken } from '../domain/circle-digest';

let pushSamples = 0;
/** A device's keys in PushManager's form: a P-256 public point and a 16-byte secret. */
const SAMPLE_PUSH_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
})();

/**
 * Who calls: nobody, a parent or child token of family A (the owner of the objects named) or family B, or the
 * parent token of a staff member who is no super admin: of B's organization only (staffB), or of A's (staffA, of no
 * family of A's). A's parent both runs A's organization and is a super admin.
 */
export type Who = 'anonymous' | 'parentB' | 'childB' | 'staffB' | 'staffA' | 'fanA' | 'parentA' | 'childA';
/** In this order; the matrix calls the refused first, then the succeeding in this order (staffA before parentA). */
export const ACTORS: readonly Who[] = ['anonymous', 'parentB', 'childB', 'staffB', 'staffA', 'fanA', 'parentA', 'childA'];

export interface Upload {
  bytes: Uint8Array;
  name: string;
  type: string;
}

type ParamsPart<E extends Endpoint> = E['path'] extends `${string}{${string}` ? { params: ParamsOf<E> } : { params?: undefined };
type QueryPart<E extends Endpoint> = E['query'] extends z.ZodType ? { query: QueryOf<E> } : { query?: undefined };
type BodyPart<E extends Endpoint> = E['body'] extends JsonBody
  ? { json: JsonOf<E>; fields?: undefined; files?: undefined }
  : E['body'] extends FormBody
    ? { fields: FieldsOf<E>; json?: undefined; files?: undefined }
    : E['body'] extends MultipartBody
      ? { fields: FieldsOf<E>; files: Upload[]; json?: undefined }
      : E['body'] extends RawBody
        ? { raw: string; headers?: Record<string, string>; json?: undefined; fields?: undefined; files?: undefined }
        : { json?: undefined; fields?: undefined; files?: undefined };

/** A request valid for the operation E. */
export type RequestSample<E extends Endpoint> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & {
    /** Sent instead of the caller's standing token (e.g. a fresh login that the call ends); null sends none. */
    token?: string | null;
  };

export type Sample<E extends Endpoint> = (w: World, who: Who) => Promise<RequestSample<E>>;
export type Samples = { [K in OperationId]: Sample<Endpoints[K]> };

/** Any operation's sample, read loosely by the suites. */
export interface AnySample {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  json?: unknown;
  fields?: Record<string, unknown>;
  files?: Upload[];
  /** A raw body (the webhook's), sent as is with `headers`. */
  raw?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

export interface Parent {
  email: string;
  access: string;
  refresh: string;
}

export interface Child {
  id: number;
  username: string;
  firstName: string;
  access: string;
  refresh: string;
}

/** What a succeeding staff call uses up: a member to approve (then remove) and one to decline, a contest without entries, one whose winner is picked, a class without sign-ups. */
export interface StaffObjects {
  pendingMember: number;
  declinedMember: number;
  emptyContest: number;
  winnerContest: number;
  winnerEntry: number;
  emptyClass: number;
}

export interface World {
  s: TestServer;
  a: {
    parent: Parent;
    /** The child with a private and a public work, member of the organization. */
    kid: Child;
    /** The child without works. */
    sibling: Child;
    privateWork: number;
    privateTitle: string;
    privateImage: string;
    publicWork: number;
    organization: { id: number; code: string; name: string };
    /** A's first child's public work that no contest has yet (the entry's sample). */
    entryWork: number;
    /** A contest of A's organization, in session, members only; A's public work is entered. */
    contest: number;
    /** A second contest in session with an entry: the one whose winner is picked. */
    winnerContest: number;
    winnerEntry: number;
    /** A contest without entries (deletable). */
    emptyContest: number;
    /** A's second child asked to join the organization (approved by its sample, then removed). */
    pendingMember: number;
    /** A third child of A's, waiting too (declined by its sample). */
    declinedMember: number;
    /** An address invited to be staff of A's organization (removed by its sample). */
    invitedEmail: string;
    banner: number;
    /** A free recorded class of A's organization; A's first child is signed up and confirmed. */
    freeClass: number;
    /** A paid class of A's organization nobody has signed up for (the sign-up's sample). */
    paidClass: number;
    /** An unpublished class without sign-ups (deletable). */
    emptyClass: number;
    /** The payment intent A's first child paid (4242) for a second paid class. */
    classIntent: string;
    /** A's first child asked to pay for a third paid class, and to delete its profile: both wait for the parent. */
    paymentRequest: number;
    deleteRequest: number;
    /** The objects a staff operation uses up, once more for A's staff member (its cells succeed too). */
    forStaff: StaffObjects;
    /** A's first child's work shared with the circle only (seen by A's fan, by nobody else outside A). */
    circleWork: number;
    circleTitle: string;
    /** fanA's place in A's circle (it follows A's first child), and an invitation of A's waiting to be used. */
    fan: number;
    invitation: { id: number; token: string };
    /** Two comments of fanA's on the circle work, waiting for A's parent: one to approve, one to remove. */
    comments: [number, number];
  };
  b: { parent: Parent; kid: Child };
  /** Staff of B's organization only, and staff of A's organization; neither a super admin nor in a family of A's. */
  staffB: Parent;
  staffA: Parent;
  /** A relative in A's circle (issue 32): an account of its own, without children, following A's first child. */
  fanA: Parent;
  /** A new invitation to A's circle for A's first child, made in the database (no rate limit): one per join. */
  circleInvitation(): Promise<{ id: number; token: string }>;
  /** The standing access token of `who` (none for the anonymous caller). */
  token(who: Who): string | undefined;
  /** A new login of the kind of `who` (a parent logs in again; a child is chosen again by its parent). */
  freshSession(who: Who): Promise<{ access: string; refresh: string } | null>;
  /** A verified account of its own for `role`, made once; a new one after `uses` calls (per-address limits). */
  account(role: string, uses?: number): Promise<Parent>;
  /** uid and token of a new sign-up's verification link. */
  verifyLink(): Promise<{ uid: string; token: string }>;
  /** uid and token of a password reset link. */
  resetLink(): Promise<{ uid: string; token: string }>;
  /** uid and token of an e-mail change link. */
  emailChangeLink(): Promise<{ uid: string; token: string }>;
  /** A unique username, for new profiles. */
  username(prefix: string): string;
  /** Texts of family A that no caller outside it may ever be shown. */
  secrets(): string[];
  /** Texts of family A's circle: shown to A's fan, to nobody else outside A. */
  circleSecrets(): string[];
}

let worlds = 0;

/**
 * Family A: a parent and two children; the first has a private and a public work and belongs to an
 * organization. Family B: a parent and one child.
 */
export async function seedWorld(s: TestServer): Promise<World> {
  const tag = `${Date.now().toString(36).slice(-5)}${++worlds}`;
  let names = 0;
  const username = (prefix: string) => `${prefix}${tag}x${++names}`;

  const child = async (parent: Parent, name: string): Promise<Child> => {
    const kid = await childSession(s, parent.access, name);
    return { ...kid, username: name, firstName: `Real ${name}` };
  };

  const aParent = await signupVerified(s, uniqueEmail(`alice${tag}`));
  const aKid = await child(aParent, username('alice'));
  const aSibling = await child(aParent, username('amy'));
  const privateTitle = `Alice secret drawing ${tag}`;
  const privateWork = await made(s, aKid, { title: privateTitle, is_public: false });
  const publicWork = await made(s, aKid, { title: `Alice public drawing ${tag}`, is_public: true });
  const seen = await s.request(`/api/artworks/${privateWork}`, { token: aKid.access });
  const privateImage = seen.body.images_data[0].image_url as string;

  const code = String(100_000 + Math.floor(Math.random() * 900_000));
  const [org] = await s.deps.db
    .insert(organizations)
    .values({ name: `Alice Atelier ${tag}`, code })
    .returning();
  if ((await s.request(`/api/organizations/check/${code}/`, { token: aKid.access })).status !== 200)
    throw new Error('organization check failed');
  const joined = await s.request('/api/profile/', { method: 'PATCH', token: aKid.access, json: { organizations: [org!.id] } });
  if (joined.status !== 200) throw new Error(`joining the organization failed: ${JSON.stringify(joined.body)}`);

  const bParent = await signupVerified(s, uniqueEmail(`bob${tag}`));
  const bKid = await child(bParent, username('bob'));

  // A's parent runs A's organization and is a super admin (the console's cells); the others run nothing.
  await s.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, aParent.email));
  const [aParentRow] = await s.deps.db.select({ id: users.id }).from(users).where(eq(users.email, aParent.email));
  await s.deps.db.insert(organizationStaff).values({ organizationId: org!.id, userId: aParentRow!.id });
  const staffCall = (path: string, options: RequestOptions) => s.request(path, { ...options, token: aParent.access });
  const contestMade = async (name: string, membersOnly: boolean) => {
    const res = await staffCall(`/api/org/${org!.id}/contests/`, {
      method: 'POST',
      form: contestForm({ name, members_only: String(membersOnly) }, await png(24, 24)),
    });
    if (res.status !== 201) throw new Error(`contest create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const entered = async (contestId: number, workId: number) => {
    const res = await s.request('/api/contests/submit-work/', {
      token: aKid.access,
      json: { contest_id: contestId, work_id: workId, consent: true },
    });
    if (res.status !== 201) throw new Error(`contest entry failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.entry.id as number;
  };
  const contest = await contestMade(`Alice Atelier spring contest ${tag}`, true);
  await entered(contest, publicWork);
  const winnerContest = await contestMade(`Alice Atelier summer contest ${tag}`, false);
  const winnerEntry = await entered(winnerContest, publicWork);
  const emptyContest = await contestMade(`Alice Atelier empty contest ${tag}`, false);
  const staffWinnerContest = await contestMade(`Alice Atelier autumn contest ${tag}`, false);
  const staffWinnerEntry = await entered(staffWinnerContest, publicWork);
  const staffEmptyContest = await contestMade(`Alice Atelier second empty contest ${tag}`, false);
  const entryWork = await made(s, aKid, { title: `Alice contest drawing ${tag}`, is_public: true });

  // Two of A's children wait for the organization's approval (the policy is set straight in the database).
  const declined = await child(aParent, username('ann'));
  const staffPending = await child(aParent, username('ada'));
  const staffDeclined = await child(aParent, username('abi'));
  await s.deps.db.insert(profileOrganizations).values([
    { profileId: aSibling.id, organizationId: org!.id, status: 'pending' },
    { profileId: declined.id, organizationId: org!.id, status: 'pending' },
    { profileId: staffPending.id, organizationId: org!.id, status: 'pending' },
    { profileId: staffDeclined.id, organizationId: org!.id, status: 'pending' },
  ]);
  const invitedEmail = uniqueEmail('invited');
  const invited = await staffCall(`/api/admin/organizations/${org!.id}/staff/`, { method: 'POST', json: { email: invitedEmail } });
  if (invited.status !== 200) throw new Error(`staff invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const banner = await staffCall('/api/admin/banners/', { method: 'POST', form: bannerForm({ name: `Banner ${tag}` }, await png(40, 10)) });
  if (banner.status !== 201) throw new Error(`banner create failed: ${banner.status} ${JSON.stringify(banner.body)}`);

  // Classes (issue 13): A's first child has a confirmed free class and a paid one it has paid for.
  const classMade = async (fields: Record<string, string>) => {
    const res = await staffCall(`/api/org/${org!.id}/classes/`, { method: 'POST', form: pictureForm(fields, await png(24, 24)) });
    if (res.status !== 201) throw new Error(`class create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const freeClass = await classMade(recordedFields({ name: `Alice Atelier free class ${tag}` }));
  const paidClass = await classMade(liveFields({ name: `Alice Atelier paid class ${tag}`, price: '800' }));
  const paidClass2 = await classMade(liveFields({ name: `Alice Atelier second paid class ${tag}`, price: '900' }));
  const emptyClass = await classMade(recordedFields({ name: `Alice Atelier draft class ${tag}`, published: 'false' }));
  const staffEmptyClass = await classMade(recordedFields({ name: `Alice Atelier second draft class ${tag}`, published: 'false' }));
  const signedUp = async (classId: number) => {
    const res = await s.request('/api/artist-classes/signup/', {
      token: aKid.access,
      json: { artist_class: classId, parent_password: PASSWORD },
    });
    if (res.status !== 201) throw new Error(`class sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { payment_intent_id: string | null; payment_intent_client_secret: string | null };
  };
  await signedUp(freeClass);
  const pending = await signedUp(paidClass2);
  const paid = await s.request('/api/payments/local/confirm/', {
    json: { client_secret: pending.payment_intent_client_secret, card_number: '4242424242424242', exp: '12/40', cvc: '123' },
  });
  if (paid.body.status !== 'succeeded') throw new Error(`class payment failed: ${JSON.stringify(paid.body)}`);
  // A parent's word (issue 28): without the parent's password, both attempts wait for the parent.
  const paidClass3 = await classMade(liveFields({ name: `Alice Atelier third paid class ${tag}`, price: '700' }));
  const askPay = await s.request('/api/artist-classes/signup/', { token: aKid.access, json: { artist_class: paidClass3 } });
  const askDelete = await s.request(`/api/profiles/${aKid.id}/delete/`, { method: 'DELETE', token: aKid.access, json: {} });
  if (askPay.status !== 403 || askDelete.status !== 403) throw new Error(`parent requests failed: ${askPay.status} ${askDelete.status}`);
  const asked = await s.deps.db.select().from(parentRequests).where(eq(parentRequests.profileId, aKid.id));
  const requestIdOf = (kind: string) => asked.find((r) => r.kind === kind && r.status === 'pending')!.id;

  // Staff without super admin rights: of a second organization, B's, and of A's (in no family of A's).
  const staffB = await signupVerified(s, uniqueEmail(`bella${tag}`));
  const staffA = await signupVerified(s, uniqueEmail(`carol${tag}`));
  const [orgB] = await s.deps.db
    .insert(organizations)
    .values({ name: `Bob Studio ${tag}`, code: String(100_000 + Math.floor(Math.random() * 900_000)) })
    .returning();
  const staffIds = await s.deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [staffB.email, staffA.email]));
  const idOf = (email: string) => staffIds.find((u) => u.email === email)!.id;
  await s.deps.db.insert(organizationStaff).values([
    { organizationId: orgB!.id, userId: idOf(staffB.email) },
    { organizationId: org!.id, userId: idOf(staffA.email) },
  ]);

  // The family circle (issue 32): a relative who follows A's first child, and a work of its shared with the circle.
  const circleTitle = `Alice circle drawing ${tag}`;
  const circleWork = await made(s, aKid, { title: circleTitle, is_public: false });
  const shared = await s.request(`/api/artworks/${circleWork}/update/`, {
    method: 'POST',
    token: aKid.access,
    form: workForm({ title: circleTitle, is_public: false, is_circle: true }),
  });
  if (shared.status !== 200 || shared.body.is_circle !== true) throw new Error(`circle share failed: ${JSON.stringify(shared.body)}`);
  const fanA = await signupVerified(s, uniqueEmail(`gran${tag}`));
  const circleInvitation = async () => {
    const token = randomBytes(32).toString('base64url');
    const [row] = await s.deps.db
      .insert(circleInvitations)
      .values({
        userId: aParentRow!.id,
        tokenHash: createHash('sha256').update(token).digest('hex'),
        role: 'grandma',
        profileIds: [aKid.id],
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return { id: row!.id, token };
  };
  const fanInvite = await circleInvitation();
  const fanJoined = await s.request(`/api/circle/join/${fanInvite.token}/`, { method: 'POST', token: fanA.access });
  if (fanJoined.status !== 200) throw new Error(`circle join failed: ${fanJoined.status} ${JSON.stringify(fanJoined.body)}`);
  const [fanRow] = await s.deps.db.select({ id: circleFans.id }).from(circleFans).where(eq(circleFans.userId, aParentRow!.id));
  const invitation = await circleInvitation();
  const comment = async (body: string) => {
    const res = await s.request(`/api/fan/works/${circleWork}/comments/`, { method: 'POST', token: fanA.access, json: { body } });
    if (res.status !== 201 || res.body.pending !== true)
      throw new Error(`circle comment failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const comments: [number, number] = [await comment('What a lovely cat!'), await comment('More, please')];

  const accounts = new Map<string, { account: Promise<Parent>; uses: number }>();
  const account = (role: string, uses = 4): Promise<Parent> => {
    let entry = accounts.get(role);
    if (!entry || entry.uses >= uses) {
      entry = { account: signupVerified(s, uniqueEmail(role)), uses: 0 };
      accounts.set(role, entry);
    }
    entry.uses++;
    return entry.account;
  };

  const w: World = {
    s,
    a: {
      parent: aParent,
      kid: aKid,
      sibling: aSibling,
      privateWork,
      privateTitle,
      privateImage,
      publicWork,
      organization: { id: org!.id, code, name: org!.name },
      entryWork,
      contest,
      winnerContest,
      winnerEntry,
      emptyContest,
      pendingMember: aSibling.id,
      declinedMember: declined.id,
      invitedEmail,
      banner: banner.body.id as number,
      freeClass,
      paidClass,
      emptyClass,
      classIntent: pending.payment_intent_id!,
      paymentRequest: requestIdOf('class_payment'),
      deleteRequest: requestIdOf('profile_delete'),
      forStaff: {
        pendingMember: staffPending.id,
        declinedMember: staffDeclined.id,
        emptyContest: staffEmptyContest,
        winnerContest: staffWinnerContest,
        winnerEntry: staffWinnerEntry,
        emptyClass: staffEmptyClass,
      },
      circleWork,
      circleTitle,
      fan: fanRow!.id,
      invitation,
      comments,
    },
    b: { parent: bParent, kid: bKid },
    staffB,
    staffA,
    fanA,
    circleInvitation,
    token(who) {
      return {
        anonymous: undefined,
        parentA: w.a.parent.access,
        childA: w.a.kid.access,
        parentB: w.b.parent.access,
        childB: w.b.kid.access,
        staffB: w.staffB.access,
        staffA: w.staffA.access,
        fanA: w.fanA.access,
      }[who];
    },
    async freshSession(who) {
      if (who === 'anonymous') return null;
      if (isParentCaller(who)) {
        const parent = { parentA: w.a.parent, parentB: w.b.parent, staffA: w.staffA, staffB: w.staffB, fanA: w.fanA }[who];
        const login = await s.request('/api/login/', { json: { email: parent.email, password: PASSWORD } });
        if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
        return { access: login.body.access, refresh: login.body.refresh };
      }
      const [parent, kid] = who === 'childA' ? [w.a.parent, w.a.kid] : [w.b.parent, w.b.kid];
      const login = await s.request('/api/profile/login/', { token: parent.access, json: { username: kid.username } });
      if (login.status !== 200) throw new Error(`profile login failed: ${JSON.stringify(login.body)}`);
      return { access: login.body.access, refresh: login.body.refresh };
    },
    account,
    async verifyLink() {
      const email = uniqueEmail('pending');
      const signup = await s.request('/api/signup/', {
        json: { email, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true },
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      return linkParts((await s.waitForMail(email)).link);
    },
    async resetLink() {
      const { email } = await account('resetter');
      const before = (await s.mails()).filter((m) => m.to === email).length;
      const asked = await s.request('/api/password-reset/', { json: { email } });
      if (asked.status !== 200) throw new Error(`reset failed: ${JSON.stringify(asked.body)}`);
      return linkParts((await waitForNewMail(s, email, before)).link);
    },
    async emailChangeLink() {
      const mover = await account('mover');
      const to = uniqueEmail('moved');
      const patch = await s.request('/api/account-info/', {
        method: 'PATCH',
        token: mover.access,
        json: { email: to, current_password: PASSWORD },
      });
      if (patch.status !== 200) throw new Error(`e-mail change failed: ${JSON.stringify(patch.body)}`);
      return linkParts((await s.waitForMail(to)).link);
    },
    username,
    secrets() {
      // The first child's username is public by its own choice (it has a public work); its sibling's is not.
      return [w.a.parent.email, w.a.kid.firstName, w.a.sibling.username, w.a.sibling.firstName, w.a.privateTitle, w.a.privateImage];
    },
    circleSecrets() {
      return [w.a.circleTitle];
    },
  };
  return w;
}

async function waitForNewMail(s: TestServer, to: string, before: number) {
  for (let i = 0; i < 100; i++) {
    const mine = (await s.mails()).filter((m) => m.to === to);
    if (mine.length > before) return mine[mine.length - 1]!;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no new e-mail to ${to}`);
}

/** `YYYY-MM-DDTHH:mm` in Japan time, `days` from now (the console's datetime-local form). */
export function japanTime(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** A contest's form: in session from yesterday for 30 days unless the fields say otherwise. */
export function contestForm(fields: Record<string, string>, thumbnail?: Buffer): FormData {
  const form = new FormData();
  const all = {
    explanation: 'Draw what you like.',
    eligibility_criteria: 'Everyone',
    start_date: japanTime(-1),
    end_date: japanTime(30),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  if (thumbnail) form.append('thumbnail', new File([new Uint8Array(thumbnail)], 'thumb.png', { type: 'image/png' }));
  return form;
}

export function bannerForm(fields: Record<string, string>, image?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ url: 'https://example.com/sponsor', sort_order: '1', ...fields })) form.append(name, value);
  if (image) form.append('banner_image', new File([new Uint8Array(image)], 'banner.png', { type: 'image/png' }));
  return form;
}

// ---- billing (issue 13) ------------------------------------------------------------------------

async function premiumPlan(w: World): Promise<number> {
  const [plan] = await w.s.deps.db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'premium'));
  if (!plan) throw new Error('no premium plan (migration 0006 seeds it)');
  return plan.id;
}

const TEST_CARD = { card_number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' };

/** A new verified account's open checkout session for Premium (through the API, as the PWA starts one). */
async function openCheckout(w: World): Promise<{ access: string; session: string }> {
  const { access } = await w.account('checkout', 1);
  const res = await w.s.request('/api/billing/create-checkout-session/', { token: access, json: { planId: await premiumPlan(w) } });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { access, session: res.body.session_id as string };
}

/** A new account with Premium in force: checked out and paid on the local hosted page. */
async function subscribedAccount(w: World): Promise<string> {
  const { access, session } = await openCheckout(w);
  const res = await w.s.request(`/api/payments/local/checkout/${session}/pay/`, { json: TEST_CARD });
  if (res.body.status !== 'complete') throw new Error(`checkout payment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return access;
}

/** A signed event of a type the handler ignores, with an id of its own (an id seen before is answered and ignored). */
function ignoredEvent(w: World): { raw: string; headers: Record<string, string> } {
  const raw = JSON.stringify({
    id: `evt_sample_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: `cus_sample_${randomBytes(4).toString('hex')}`, object: 'customer' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: w.s.deps.config.localWebhookSecret });
  return { raw, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } };
}

type ParentCaller = 'parentA' | 'parentB' | 'staffA' | 'staffB' | 'fanA';
/** The callers with a parent token (staff members are parents whose account runs an organization; a fan has an account). */
const isParentCaller = (who: Who): who is ParentCaller =>
  who === 'parentA' || who === 'parentB' || who === 'staffA' || who === 'staffB' || who === 'fanA';
/** The objects a staff operation uses up: A's staff member has its own, so that both its cell and A's parent's succeed. */
const staffObjects = (w: World, who: Who): StaffObjects => (who === 'staffA' ? w.a.forStaff : w.a);

const picture = async (): Promise<Upload> => ({ bytes: new Uint8Array(await png(16, 16)), name: 'me.png', type: 'image/png' });
const page1 = { page: 1 };

/** One valid request per operation; objects named in a path are family A's (see the matrix for which). */
export const SAMPLES: Samples = {
  signup: async () => ({ json: { email: uniqueEmail('joiner'), password: PASSWORD, confirm_password: PASSWORD, accept_terms: true } }),
  verifyEmail: async (w) => ({ params: await w.verifyLink() }),
  login: async (w) => ({ json: { email: (await w.account('login', 1000)).email, password: PASSWORD } }),
  passwordReset: async (w) => ({ json: { email: (await w.account('forgetful')).email } }),
  passwordResetConfirm: async (w) => ({ params: await w.resetLink(), json: { new_password: PASSWORD, confirm_password: PASSWORD } }),
  tokenRefresh: async (w) => {
    const { email } = await w.account('refresher', 1000);
    const login = await w.s.request('/api/login/', { json: { email, password: PASSWORD } });
    return { json: { refresh: login.body.refresh as string } };
  },
  // A fresh login of the caller's kind: logging out must not end the session the other cells use.
  logout: async (w, who) => {
    const fresh = await w.freshSession(who);
    return fresh ? { token: fresh.access, json: { refresh: fresh.refresh } } : { json: {} };
  },

  accountInfo: async () => ({}),
  accountInfoUpdate: async () => ({ json: { address: TOKYO } }),
  accountDelete: async () => ({}),
  accountExport: async () => ({ query: {} }),
  confirmEmail: async (w) => ({ params: await w.emailChangeLink() }),
  me: async () => ({}),

  registerProfile: async (w) => {
    const fields = { address: TOKYO, username: w.username('newkid'), first_name: 'New Kid', date_of_birth: '2018-05-01' };
    return { fields, files: [await picture()] };
  },
  profilePicture: async () => ({ fields: {}, files: [await picture()] }),
  children: async () => ({}),
  profiles: async () => ({}),
  profile: async () => ({}),
  profileUpdate: async () => ({ json: { address: TOKYO } }),
  profileDelete: async (w) => ({ params: { id: w.a.sibling.id }, json: {} }),
  profileLogin: async (w) => ({ json: { username: w.a.kid.username } }),

  organizations: async () => ({}),
  organizationCheck: async (w) => ({ params: { code: w.a.organization.code } }),
  organization: async (w) => ({ params: { id: w.a.organization.id } }),

  publicNavbar: async () => ({}),
  categories: async () => ({}),
  tags: async () => ({}),
  openapi: async () => ({}),
  advertisements: async () => ({ query: { add_type: 'banner' } }),
  health: async () => ({}),
  // An address of its own per call: the per-address limit (5 an hour) never meets another cell's.
  inquiry: async () => ({
    fields: {
      subject: 'A question about plans',
      inquiry_message: 'How do I move to the premium plan?',
      user_email: uniqueEmail('asker'),
      user_name: 'Asking Parent',
    },
  }),

  publicWorks: async () => ({ query: page1 }),
  workCreate: async () => ({
    fields: { title: 'A new drawing', is_public: 'false' },
    files: [{ bytes: new Uint8Array(await png(16, 16)), name: 'work.png', type: 'image/png' }],
  }),
  myWorks: async () => ({ query: page1 }),
  myCollection: async () => ({ query: page1 }),
  familyGallery: async () => ({ query: page1 }),
  memberWorks: async (w) => ({ params: { id: w.a.kid.id }, query: page1 }),
  timeline: async (w) => ({ params: { id: w.a.kid.id }, query: page1 }),
  work: async (w) => ({ params: { id: w.a.privateWork } }),
  // Keeps its images (no keep_images) and its title.
  workUpdate: async (w) => ({ params: { id: w.a.privateWork }, fields: { title: w.a.privateTitle, is_public: 'false' }, files: [] }),
  workDelete: async (w) => ({ params: { id: w.a.privateWork } }),
  workLike: async (w) => ({ params: { id: w.a.privateWork } }),
  workUnlike: async (w) => ({ params: { id: w.a.privateWork } }),
  imageCount: async () => ({}),

  contests: async () => ({ query: { page: 1, status: 'all' } }),
  myContests: async () => ({ query: { page: 1, status: 'all' } }),
  contest: async (w) => ({ params: { id: w.a.contest } }),
  contestSubmit: async (w) => ({ json: { contest_id: w.a.contest, work_id: w.a.entryWork, consent: true } }),

  consoleHome: async () => ({}),
  orgUpdate: async (w) => ({ params: { orgId: w.a.organization.id }, json: { join_policy: 'code' } }),
  orgCodeRegenerate: async (w) => ({ params: { orgId: w.a.organization.id } }),
  orgMembers: async (w) => ({ params: { orgId: w.a.organization.id } }),
  orgMemberApprove: async (w, who) => ({ params: { orgId: w.a.organization.id, profileId: staffObjects(w, who).pendingMember } }),
  orgMemberDecline: async (w, who) => ({ params: { orgId: w.a.organization.id, profileId: staffObjects(w, who).declinedMember } }),
  orgMemberRemove: async (w, who) => ({ params: { orgId: w.a.organization.id, profileId: staffObjects(w, who).pendingMember } }),
  orgContests: async (w) => ({ params: { orgId: w.a.organization.id }, query: page1 }),
  orgContestCreate: async (w) => ({
    params: { orgId: w.a.organization.id },
    fields: { name: 'A new contest', start_date: japanTime(1), end_date: japanTime(20), members_only: 'false' },
    files: [{ bytes: new Uint8Array(await png(24, 24)), name: 'thumb.png', type: 'image/png' }],
  }),
  orgContestUpdate: async (w) => ({
    params: { orgId: w.a.organization.id, contestId: w.a.contest },
    fields: { name: 'Alice Atelier spring contest', start_date: japanTime(-1), end_date: japanTime(30), members_only: 'true' },
    files: [],
  }),
  orgContestDelete: async (w, who) => ({ params: { orgId: w.a.organization.id, contestId: staffObjects(w, who).emptyContest } }),
  orgContestEntries: async (w) => ({ params: { orgId: w.a.organization.id, contestId: w.a.contest } }),
  orgContestWinner: async (w, who) => ({
    params: { orgId: w.a.organization.id, contestId: staffObjects(w, who).winnerContest },
    json: { entry_id: staffObjects(w, who).winnerEntry },
  }),
  orgMailPreview: async (w) => ({ params: { orgId: w.a.organization.id }, json: { audience: 'members' } }),
  orgMailSend: async (w) => ({
    params: { orgId: w.a.organization.id },
    json: { audience: 'staff', subject: 'Next class', body: 'The next class is on Saturday.' },
  }),
  orgMailLog: async (w) => ({ params: { orgId: w.a.organization.id } }),

  adminOrganizations: async () => ({}),
  adminOrganizationCreate: async (w) => ({ json: { name: w.username('Atelier ') } }),
  adminStaffInvite: async (w) => ({ params: { orgId: w.a.organization.id }, json: { email: uniqueEmail('appointed') } }),
  adminStaffRemove: async (w) => ({ params: { orgId: w.a.organization.id }, json: { email: w.a.invitedEmail } }),
  adminBanners: async () => ({}),
  adminBannerCreate: async () => ({
    fields: { name: 'A new sponsor', url: '/contest-list', sort_order: 2 },
    files: [{ bytes: new Uint8Array(await png(40, 10)), name: 'banner.png', type: 'image/png' }],
  }),
  adminBannerUpdate: async (w) => ({
    params: { id: w.a.banner },
    fields: { name: 'A renamed sponsor', url: 'https://example.com/s' },
    files: [],
  }),
  adminBannerDelete: async (w) => ({ params: { id: w.a.banner } }),
  adminMailPreview: async () => ({ json: { subject: 'Hello', body: 'The museum has a new wing.' } }),
  adminMailSend: async () => ({ json: { subject: 'News from Little Museum', body: 'A new contest has started.' } }),
  adminMailLog: async () => ({}),

  classes: async () => ({ query: { page: 1, search: 'Alice', is_free: 'true', class_type: 'recorded' } }),
  myClasses: async () => ({ query: { page: 1 } }),
  artistClass: async (w) => ({ params: { id: w.a.freeClass } }),
  // `member` names A's first child: only its own token may sign it up.
  classSignup: async (w) => ({ json: { artist_class: w.a.paidClass, member: w.a.kid.id, parent_password: PASSWORD } }),
  classVideoUrl: async (w) => ({ params: { id: w.a.freeClass }, json: {} }),
  classConfirmPayment: async (w) => ({ json: { payment_intent: w.a.classIntent } }),
  parentRequests: async () => ({}),
  // The family circle (issue 32): objects of A's circle; a caller's own circle for the rest.
  circle: async () => ({}),
  circleSettings: async () => ({ json: { circle_by_default: false } }),
  circleInvite: async (w, who) => ({
    json: { role: 'grandma', children: [who === 'parentB' || who === 'childB' ? w.b.kid.id : w.a.kid.id], needs_approval: true },
  }),
  circleInvitationRevoke: async (w) => ({ params: { id: w.a.invitation.id } }),
  circleFanUpdate: async (w) => ({ params: { id: w.a.fan }, json: { needs_approval: true } }),
  circleFanRemove: async (w) => ({ params: { id: w.a.fan } }),
  circleInvitationPreview: async (w) => ({ params: { token: (await w.circleInvitation()).token } }),
  circleJoin: async (w) => ({ params: { token: (await w.circleInvitation()).token } }),
  fanChildren: async () => ({}),
  fanChildWorks: async (w) => ({ params: { childId: w.a.kid.id }, query: page1 }),
  fanStamp: async (w) => ({ params: { id: w.a.circleWork }, json: { stamp: 'hanamaru' } }),
  fanSeen: async (w) => ({ params: { id: w.a.circleWork } }),
  fanComment: async (w) => ({ params: { id: w.a.circleWork }, json: { body: 'すてきな絵だね' } }),
  circleComments: async () => ({}),
  circleCommentApprove: async (w) => ({ params: { id: w.a.comments[0] } }),
  circleCommentRemove: async (w) => ({ params: { id: w.a.comments[1] } }),
  fanSettings: async () => ({}),
  fanSettingsUpdate: async () => ({ json: { digest: true } }),
  circleDigestOff: async (w) => {
    const [user] = await w.s.deps.db.select({ uuid: users.uuid }).from(users).where(eq(users.email, w.a.parent.email));
    return { params: { stop: digestOffToken(w.s.deps, user!.uuid) } };
  },
  pushKey: async () => ({}),
  // A push service's address (only those are accepted); nothing is sent to it unless a notice is due.
  pushSubscribe: async () => ({
    json: { endpoint: `https://fcm.googleapis.com/fcm/send/sample-${++pushSamples}`, keys: SAMPLE_PUSH_KEYS },
  }),
  pushSubscribeChild: async () => ({
    json: { endpoint: `https://fcm.googleapis.com/fcm/send/sample-${++pushSamples}`, keys: SAMPLE_PUSH_KEYS },
  }),
  pushUnsubscribe: async () => ({ json: { endpoint: 'https://fcm.googleapis.com/fcm/send/sample-1' } }),
  workCircle: async (w) => ({ params: { id: w.a.circleWork } }),
  workCircleReply: async (w) => ({ params: { id: w.a.circleWork, commentId: w.a.comments[0] }, json: { stamp: 'daisuki' } }),
  parentRequestApprove: async (w) => ({ params: { id: w.a.paymentRequest } }),
  parentRequestDecline: async (w) => ({ params: { id: w.a.deleteRequest } }),
  orgClasses: async (w) => ({ params: { orgId: w.a.organization.id }, query: page1 }),
  orgClassCreate: async (w) => ({
    params: { orgId: w.a.organization.id },
    fields: {
      name: 'A new class',
      is_free: 'false',
      price: '1500',
      class_type: 'real_time',
      url: 'https://meet.example.com/new',
      start_at: japanTime(7),
      published: 'true',
    },
    files: [{ bytes: new Uint8Array(await png(24, 24)), name: 'thumb.png', type: 'image/png' }],
  }),
  // The same price (free), so the sign-up of A's child does not fix it.
  orgClassUpdate: async (w) => ({
    params: { orgId: w.a.organization.id, classId: w.a.freeClass },
    fields: {
      name: 'Alice Atelier free class',
      is_free: 'true',
      class_type: 'recorded',
      video_url: 'https://video.example.com/alice.mp4',
      published: 'true',
    },
    files: [],
  }),
  orgClassDelete: async (w, who) => ({ params: { orgId: w.a.organization.id, classId: staffObjects(w, who).emptyClass } }),
  orgClassSignups: async (w) => ({ params: { orgId: w.a.organization.id, classId: w.a.freeClass } }),
  orgClassMail: async (w) => ({
    params: { orgId: w.a.organization.id, classId: w.a.freeClass },
    json: { subject: 'Bring an apron', body: 'The next class needs an apron.' },
  }),

  billingPlans: async () => ({}),
  billingCheckout: async (w) => ({ json: { planId: await premiumPlan(w) } }),
  billingStatus: async () => ({ query: {} }),
  billingPayments: async () => ({ query: page1 }),
  // A parent's cell cancels a plan of its own (an account subscribed for it); the others are refused before.
  billingCancel: async (w, who) => (isParentCaller(who) ? { token: await subscribedAccount(w) } : {}),
  billingWebhook: async (w) => ignoredEvent(w),
  localPaymentConfirm: async (w) => {
    const intent = await w.s.deps.payments.createPaymentIntent({
      amount: 500,
      currency: 'jpy',
      metadata: { sample: 'true' },
      idempotencyKey: `sample-${randomBytes(8).toString('hex')}`,
    });
    return { json: { client_secret: intent.clientSecret, ...TEST_CARD } };
  },
  localCheckout: async (w) => ({ params: { session: (await openCheckout(w)).session } }),
  localCheckoutPay: async (w) => ({ params: { session: (await openCheckout(w)).session }, json: TEST_CARD }),
};

/** The sample of `id`, or a clear failure when the table has an operation without one. */
export async function sampleFor(id: OperationId, w: World, who: Who): Promise<AnySample> {
  const sample = (SAMPLES as Partial<Record<string, Sample<Endpoint>>>)[id];
  if (!sample) throw new Error(`endpoint-samples.ts has no sample for the operation "${id}": add one to SAMPLES`);
  return (await sample(w, who)) as AnySample;
}

/** The query string of a sample's query (lists repeat their name). */
export function queryString(query: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const v of [value].flat()) if (v !== undefined) q.append(name, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The multipart body of a sample (lists repeat their field; files go under the entry's file field; a form has none). */
export function formOf(e: Endpoint, sample: AnySample): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(sample.fields ?? {})) {
    for (const v of [value].flat()) if (v !== undefined) form.append(name, String(v));
  }
  const field = e.body?.type === 'multipart' ? e.body.upload.fileField : 'file';
  for (const file of sample.files ?? []) form.append(field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}

/** The path and harness options of a sample, sent with `token` unless the sample brings its own. */
export function requestOf(e: Endpoint, sample: AnySample, token: string | undefined): { path: string; options: RequestOptions } {
  const path = fillPath(e.path, sample.params ?? {}) + queryString(sample.query);
  const options: RequestOptions = { method: e.method };
  const bearer = sample.token === undefined ? token : (sample.token ?? undefined);
  if (bearer) options.token = bearer;
  if (e.body?.type === 'json') options.json = sample.json;
  else if (e.body?.type === 'multipart' || e.body?.type === 'form') options.form = formOf(e, sample);
  else if (e.body?.type === 'raw') {
    options.body = sample.raw;
    options.headers = { ...sample.headers };
  }
  return { path, options };
}

export const OPERATIONS = Object.entries(ENDPOINTS) as [OperationId, Endpoint][];
