/**
 * Helpers for the console's suites (contests, classes): organizations and their staff, contests written straight to
 * the database, the console's picture form, and the checks that the console's calls stay within one organization.
 */
import { randomInt } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { M } from '@contract/messages';
import { contestEntries, contests, organizations, organizationStaff, profileOrganizations, users } from '../db/schema';
import { signupVerified, type RequestOptions, type TestServer } from './harness';
import { family } from './works-helpers';

let orgCounter = 0;

/** An organization (a code of its own); its id. */
export async function organization(s: TestServer, name = `Org ${++orgCounter}`): Promise<number> {
  for (;;) {
    const code = String(randomInt(100000, 1000000));
    const [row] = await s.deps.db.insert(organizations).values({ name, code }).onConflictDoNothing().returning({ id: organizations.id });
    if (row) return row.id;
  }
}

export interface Staff {
  access: string;
  email: string;
  userId: number;
}

/** A verified parent account appointed staff of the organization(s). */
export async function staffOf(s: TestServer, ...orgIds: number[]): Promise<Staff> {
  const { access, email } = await signupVerified(s);
  const [user] = await s.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  for (const organizationId of orgIds) await s.deps.db.insert(organizationStaff).values({ organizationId, userId: user!.id });
  return { access, email, userId: user!.id };
}

/** Two organizations, each with its own staff member. */
export async function twoOrganizations(s: TestServer): Promise<{ orgA: number; orgB: number; staffA: Staff; staffB: Staff }> {
  const orgA = await organization(s);
  const orgB = await organization(s);
  return { orgA, orgB, staffA: await staffOf(s, orgA), staffB: await staffOf(s, orgB) };
}

/** The profile's membership of the organization, approved or pending. */
export async function membership(s: TestServer, profileId: number, organizationId: number, status: 'approved' | 'pending'): Promise<void> {
  await s.deps.db.insert(profileOrganizations).values({ profileId, organizationId, status });
}

export interface ContestValues {
  name?: string;
  startsAt: Date;
  endsAt: Date;
  membersOnly?: boolean;
  decidedAt?: Date | null;
  createdAt?: Date;
  explanation?: string;
}

/** A contest written straight to the database (no thumbnail); its id. */
export async function contestRow(s: TestServer, organizationId: number, v: ContestValues): Promise<number> {
  const [row] = await s.deps.db
    .insert(contests)
    .values({
      organizationId,
      name: v.name ?? 'A contest',
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      membersOnly: v.membersOnly ?? false,
      decidedAt: v.decidedAt ?? null,
      explanation: v.explanation ?? '',
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: contests.id });
  return row!.id;
}

/** An entry written straight to the database (for states the API does not allow to reach, e.g. before the start). */
export async function entryRow(s: TestServer, contestId: number, artworkId: number, profileId: number, at: Date): Promise<number> {
  const [row] = await s.deps.db
    .insert(contestEntries)
    .values({ contestId, artworkId, profileId, consentedAt: at, createdAt: at })
    .returning({ id: contestEntries.id });
  return row!.id;
}

/** The console's multipart form of fields (a repeated one, e.g. `tags`, as a list) and a thumbnail (a contest's, a class's). */
export function pictureForm(
  fields: Record<string, string | string[]>,
  thumbnail?: Uint8Array | { bytes: Uint8Array | string; name: string; type: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  if (thumbnail) {
    const file = thumbnail instanceof Uint8Array ? { bytes: thumbnail, name: 'thumb.png', type: 'image/png' } : thumbnail;
    const part = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
    form.append('thumbnail', new File([part], file.name, { type: file.type }));
  }
  return form;
}

export { decodeWords } from './harness';

/** A console call as the isolation checks make it. */
export type ConsoleCall = RequestOptions & { method: string; path: string };

/** Each call, made with `token`, finds nothing (404), as everything outside one's organization. */
export async function expectNotFound(s: TestServer, calls: ConsoleCall[], token: string): Promise<void> {
  for (const call of calls) {
    const res = await s.request(call.path, { ...call, token });
    expect(res, `${call.method} ${call.path}`).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
  }
}

/** A parent who runs no organization finds nothing (404); a child token is refused (403); a visitor must log in (401). */
export async function expectOutsidersRefused(s: TestServer, calls: ConsoleCall[]): Promise<void> {
  const f = await family(s, 1);
  for (const call of calls) {
    const what = `${call.method} ${call.path}`;
    expect(await s.request(call.path, { ...call, token: f.parent }), what).toMatchObject({
      status: 404,
      body: { detail: M.notFound.message },
    });
    expect((await s.request(call.path, { ...call, token: f.kids[0]!.access })).status, what).toBe(403);
    expect((await s.request(call.path, { ...call })).status, what).toBe(401);
  }
}
