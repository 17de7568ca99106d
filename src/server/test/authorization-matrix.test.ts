/**
 * Issue 10: who may call what, generated from the endpoint table. Every operation is called by eight actors
 * (nobody, family B's parent and child, a staff member of B's organization only, a staff member of A's organization
 * who is in no family of A's, a relative in A's family circle who follows A's first child (issue 32), family A's
 * parent and child) against family A's objects, with a request that is valid
 * for it (endpoint-samples.ts). Neither staff member is a super admin; A's parent runs A's organization and is one
 * (issue 27: a matrix whose only staff caller was also the super admin could not tell the two rights apart). The
 * status each cell must get follows from the entry's `access`:
 *   - no token on a session/parent/child operation: 401;
 *   - a child token on a parent, staff or admin operation, a parent token (staff members' too) on a child operation: 403;
 *   - a staff operation (on A's organization) by anyone but its staff (A's parent, staffA): 404;
 *   - an admin operation by anyone but the super admin (A's parent): 404;
 *   - a caller outside family A naming one of A's private objects: 404, as for an object that does not exist;
 *   - otherwise the entry's success status.
 * The few cells where the domain answers otherwise on purpose are listed in EXCEPTIONS, each with its reason.
 * No answer to a caller outside family A may contain any of A's private texts (but A's staff member is shown the
 * organization's members by its staff operations, which is what they are for), and every answer has the shape its
 * status has in the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PARENT_ACCESS, responsesOf, TOKEN_ACCESS, type Endpoint } from '@contract/endpoint';
import type { OperationId } from '@contract/endpoints';
import { ACTORS, OPERATIONS, requestOf, sampleFor, seedWorld, type Who, type World } from './endpoint-samples';
import { recordCheck, startTestServer, type TestServer } from './harness';

/** Operations whose request names an object of family A that only A may see (path or body). */
const NAMES_A_OBJECT: Partial<Record<OperationId, string>> = {
  profileDelete: "A's second child",
  profileLogin: "A's first child, by username",
  organization: "the organization A's first child belongs to",
  memberWorks: "A's first child",
  timeline: "A's first child",
  work: "A's private work",
  workUpdate: "A's private work",
  workDelete: "A's private work",
  workLike: "A's private work",
  workUnlike: "A's private work",
  contestSubmit: "A's first child's work",
  classSignup: "A's first child, as the member signed up",
  classConfirmPayment: "the payment intent of A's first child's sign-up",
  parentRequestApprove: "a request of A's first child",
  parentRequestDecline: "a request of A's first child",
  circleInvitationRevoke: "an invitation to A's circle",
  circleFanUpdate: "A's fan's place in A's circle",
  circleFanRemove: "A's fan's place in A's circle",
  fanChildWorks: "A's first child, whom only A's fan follows",
  fanStamp: "A's first child's circle work",
  fanSeen: "A's first child's circle work",
  fanComment: "A's first child's circle work",
  circleCommentApprove: "a comment on A's work, waiting for A's parent",
  circleCommentRemove: "a comment on A's work",
  workCircle: "A's first child's circle work",
  workCircleReply: "a comment on A's first child's circle work",
};

type Cell = `${OperationId}:${Who}`;

/** Cells whose status differs from the rule above, on purpose. */
const EXCEPTIONS: Partial<Record<Cell, { status: number; why: string }>> = {
  'profileDelete:childA': { status: 403, why: "a child token deletes only its own profile; a sibling is the parent's to delete" },
  'profileDelete:childB': {
    status: 403,
    why: 'a child token deletes only its own profile: refused before any lookup, so the answer is the same for any other id and reveals nothing',
  },
  'timeline:childB': {
    status: 403,
    why: 'a child token sees its own timeline only: refused before any lookup, so the answer is the same for any other id',
  },
  'classVideoUrl:childB': {
    status: 403,
    why: 'the class is public; a child not signed up for it is told to sign up first (its video is never shown)',
  },
  'circleJoin:parentA': { status: 400, why: "an invitation of one's own family: the parent is no fan of its own children" },
  'circleInvite:staffA': {
    status: 400,
    why: "an account without children has nobody to invite anyone to follow (the sample names A's child)",
  },
  'circleInvite:staffB': {
    status: 400,
    why: "an account without children has nobody to invite anyone to follow (the sample names A's child)",
  },
  'circleInvite:fanA': { status: 400, why: "a fan has no children of its own to invite anyone to follow (the sample names A's child)" },
  'fanChildWorks:fanA': { status: 200, why: "A's fan follows A's first child: its circle works are what the fan is for" },
  'fanChildWorks:parentA': { status: 404, why: 'a parent is no fan of its own children: their works are on the family pages' },
  'fanStamp:fanA': { status: 200, why: "A's fan follows A's first child, whose work it is" },
  'fanStamp:parentA': { status: 404, why: 'a parent is no fan of its own children' },
  'fanSeen:fanA': { status: 200, why: "A's fan follows A's first child, whose work it is" },
  'fanSeen:parentA': { status: 404, why: 'a parent is no fan of its own children' },
  'fanComment:fanA': { status: 201, why: "A's fan follows A's first child, whose work it is" },
  'fanComment:parentA': { status: 404, why: 'a parent is no fan of its own children' },
  'work:parentA': {
    status: 404,
    why: 'works are seen by profiles: a parent token sees the public works only, so a private work is not found',
  },
};

/** The session, parent and child operations need a token. */
const needsToken = (e: Endpoint) => TOKEN_ACCESS.includes(e.access);
const isChild = (who: Who) => who === 'childA' || who === 'childB';
/** Parent tokens: the families' parents and the staff members (an account that runs an organization is a parent's). */
const isParent = (who: Who) => who === 'parentA' || who === 'parentB' || who === 'staffA' || who === 'staffB' || who === 'fanA';
/** Staff of A's organization (the one every staff operation names). */
const staffOfA = (who: Who) => who === 'parentA' || who === 'staffA';
/** The super admin. */
const superAdmin = (who: Who) => who === 'parentA';
const outsider = (who: Who) => who !== 'parentA' && who !== 'childA';

function ruleFor(id: OperationId, e: Endpoint, who: Who): number {
  if (who === 'anonymous' && needsToken(e)) return 401;
  if (PARENT_ACCESS.includes(e.access) && isChild(who)) return 403;
  if (e.access === 'child' && isParent(who)) return 403;
  if (e.access === 'staff' && !staffOfA(who)) return 404;
  if (e.access === 'admin' && !superAdmin(who)) return 404;
  if (outsider(who) && NAMES_A_OBJECT[id]) return 404;
  return e.ok.status;
}

const expectedStatus = (id: OperationId, e: Endpoint, who: Who) => EXCEPTIONS[`${id}:${who}`]?.status ?? ruleFor(id, e, who);

/**
 * Destructive operations run last, in this order, each with its succeeding cells after the refused ones, so
 * no cell spoils another: joining A's circle (the others become A's fans), removing A's fan, the work, then the
 * second child, then whole accounts (B's parent deletes B, A's parent A).
 * Logout needs no place here: each of its cells ends a fresh login of its own (see its sample).
 */
const DESTRUCTIVE: OperationId[] = ['circleJoin', 'circleFanRemove', 'workDelete', 'profileDelete', 'accountDelete'];

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  w = await seedWorld(s);
});
afterAll(() => s.close());

describe('authorization matrix', () => {
  it(
    "every operation answers each of the eight callers as its access declares, and never shows A's data to others",
    { timeout: 180_000 },
    async () => {
      const ordered = [
        ...OPERATIONS.filter(([id]) => !DESTRUCTIVE.includes(id)),
        ...DESTRUCTIVE.map((id) => OPERATIONS.find(([op]) => op === id)!),
      ];
      expect(ordered.map(([id]) => id).sort()).toEqual(OPERATIONS.map(([id]) => id).sort());
      const failures: string[] = [];
      const rows: string[] = [];
      const secrets = w.secrets();
      let cells = 0;
      let ip = 0;

      for (const [id, e] of ordered) {
        const succeeding = (who: Who) => expectedStatus(id, e, who) === e.ok.status;
        const actors = [...ACTORS.filter((who) => !succeeding(who)), ...ACTORS.filter(succeeding)];
        const row: string[] = [];
        for (const who of actors) {
          cells++;
          const expected = expectedStatus(id, e, who);
          const sample = await sampleFor(id, w, who);
          const { path, options } = requestOf(e, sample, w.token(who));
          // Each cell from an address of its own: the per-address limits of sign-up, login and reset never meet.
          const res = await s.request(path, { ...options, ip: `198.18.${Math.floor(++ip / 250)}.${1 + (ip % 250)}` });
          row.push(`${who}=${res.status}`);
          const where = `${id} (${e.access}) as ${who}: ${e.method} ${path}`;
          if (res.status !== expected)
            failures.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}, expected ${expected}`);
          const schema = responsesOf(e).get(res.status);
          if (!schema) failures.push(`${where}: ${res.status} is not among the statuses the contract declares`);
          else if (!schema.safeParse(res.body).success)
            failures.push(`${where}: the ${res.status} body breaks the contract: ${JSON.stringify(res.body).slice(0, 300)}`);
          // A's staff member is shown A's members by the staff operations: what they are for.
          if (outsider(who) && !(e.access === 'staff' && staffOfA(who))) {
            const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
            // A's fan is shown A's circle (issue 32); nobody else outside A is.
            const hidden = who === 'fanA' ? secrets : [...secrets, ...w.circleSecrets()];
            const leaked = hidden.filter((secret) => text.includes(secret));
            if (leaked.length > 0) failures.push(`${where}: the answer shows family A's ${leaked.join(', ')}`);
          }
        }
        rows.push(`  ${id.padEnd(22)} ${e.access.padEnd(8)} ${row.join(' ')}`);

        if (id === 'workUnlike') {
          // Before anything is deleted: the attempts of the others changed nothing of A's.
          const own = await s.request(`/api/artworks/${w.a.privateWork}`, { token: w.a.kid.access });
          expect(own).toMatchObject({ status: 200, body: { title: w.a.privateTitle, is_public: false } });
          const info = await s.request('/api/account-info/', { token: w.a.parent.access });
          expect(info.body.profiles.map((p: { username: string }) => p.username)).toEqual(
            expect.arrayContaining([w.a.kid.username, w.a.sibling.username]),
          );
        }
      }

      // Every exception is a cell that exists and differs from the rule (a stale one would hide a change).
      for (const cell of Object.keys(EXCEPTIONS) as Cell[]) {
        const [id, who] = cell.split(':') as [OperationId, Who];
        const entry = OPERATIONS.find(([op]) => op === id);
        expect(entry, `exception ${cell} names no operation`).toBeDefined();
        expect(EXCEPTIONS[cell]!.status, `exception ${cell} is the rule`).not.toBe(ruleFor(id, entry![1], who));
      }

      console.log(`authorization matrix (statuses per caller):\n${rows.join('\n')}`);
      console.log(
        `exceptions to the rule: ${Object.entries(EXCEPTIONS)
          .map(([cell, x]) => `${cell} ${x!.status} (${x!.why})`)
          .join('; ')}`,
      );
      expect(failures).toEqual([]);
      expect(cells).toBe(OPERATIONS.length * ACTORS.length);
      console.log(`authorization matrix: ${OPERATIONS.length} operations x ${ACTORS.length} actors = ${cells} cells, all as declared`);
      recordCheck('authorization matrix', `${OPERATIONS.length} operations x ${ACTORS.length} callers = ${cells} cells as declared`);
    },
  );
});
