/** Helpers for the contest suites: organizations and their staff, contests written straight to the database, forms. */
import { randomInt } from 'node:crypto';

import { eq } from 'drizzle-orm';

import { contestEntries, contests, organizations, organizationStaff, profileOrganizations, users } from '../db/schema';
import { signupVerified, type TestServer } from './harness';

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

/** The console's multipart form. */
export function contestForm(
  fields: Record<string, string>,
  thumbnail?: Uint8Array | { bytes: Uint8Array | string; name: string; type: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (thumbnail) {
    const file = thumbnail instanceof Uint8Array ? { bytes: thumbnail, name: 'thumb.png', type: 'image/png' } : thumbnail;
    const part = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
    form.append('thumbnail', new File([part], file.name, { type: file.type }));
  }
  return form;
}

/** A header's RFC 2047 encoded words (nodemailer's =?UTF-8?Q?…?= and =?UTF-8?B?…?=), decoded. */
export function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
