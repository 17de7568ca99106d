/** Helpers for the class suites: classes written straight to the database, sign-ups, the console's form, tags. */
import { eq } from 'drizzle-orm';

import { artistClasses, artistClassTags, classSignups, tags } from '../db/schema';
import { decodeWords } from './contests-helpers';
import type { Mail, TestServer } from './harness';

export interface ClassValues {
  name?: string;
  description?: string;
  isFree?: boolean;
  price?: number;
  classType?: 'real_time' | 'recorded';
  meetingUrl?: string | null;
  startsAt?: Date | null;
  videoUrl?: string | null;
  published?: boolean;
  createdAt?: Date;
  tagIds?: number[];
}

/** A class written straight to the database (no thumbnail): recorded, free and published unless said otherwise. */
export async function classRow(s: TestServer, organizationId: number, v: ClassValues = {}): Promise<number> {
  const classType = v.classType ?? 'recorded';
  const isFree = v.isFree ?? (v.price === undefined || v.price === 0);
  const [row] = await s.deps.db
    .insert(artistClasses)
    .values({
      organizationId,
      name: v.name ?? 'A class',
      description: v.description ?? '',
      isFree,
      price: isFree ? 0 : (v.price ?? 1000),
      classType,
      meetingUrl: v.meetingUrl !== undefined ? v.meetingUrl : classType === 'real_time' ? 'https://meet.example.com/live' : null,
      startsAt: v.startsAt !== undefined ? v.startsAt : classType === 'real_time' ? new Date('2030-07-01T01:00:00Z') : null,
      videoUrl: v.videoUrl !== undefined ? v.videoUrl : classType === 'recorded' ? 'https://video.example.com/lesson.mp4' : null,
      published: v.published ?? true,
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: artistClasses.id });
  if (v.tagIds?.length) await s.deps.db.insert(artistClassTags).values(v.tagIds.map((tagId) => ({ classId: row!.id, tagId })));
  return row!.id;
}

/** A sign-up written straight to the database (a state the API reaches through a payment). */
export async function signupRow(
  s: TestServer,
  classId: number,
  profileId: number,
  status: 'pending' | 'confirmed',
  amount = 0,
): Promise<number> {
  const [row] = await s.deps.db
    .insert(classSignups)
    .values({ classId, profileId, status, amount, currency: 'jpy', confirmedAt: status === 'confirmed' ? new Date() : null })
    .returning({ id: classSignups.id });
  return row!.id;
}

export async function signupOf(s: TestServer, classId: number, profileId: number) {
  const rows = await s.deps.db.select().from(classSignups).where(eq(classSignups.classId, classId));
  return rows.find((r) => r.profileId === profileId) ?? null;
}

/** Two tags of its own (seedless servers have none); their ids. */
export async function twoTags(s: TestServer): Promise<[number, number]> {
  const rows = await s.deps.db
    .insert(tags)
    .values([
      { nameEn: 'Animals', nameJa: 'どうぶつ' },
      { nameEn: 'Nature', nameJa: 'しぜん' },
    ])
    .returning({ id: tags.id });
  return [rows[0]!.id, rows[1]!.id];
}

export const recordedFields = (extra: Record<string, string | string[]> = {}) => ({
  name: 'Watercolour basics',
  description: 'Learn to let colours bleed.',
  is_free: 'true',
  class_type: 'recorded' as const,
  video_url: 'https://video.example.com/watercolour.mp4',
  published: 'true',
  ...extra,
});

export const liveFields = (extra: Record<string, string | string[]> = {}) => ({
  name: 'Live sketching',
  description: 'Draw together online.',
  is_free: 'false',
  price: '1500',
  class_type: 'real_time' as const,
  url: 'https://meet.example.com/sketch',
  start_at: '2030-07-01T10:00',
  published: 'true',
  ...extra,
});

/** The class e-mails (their subjects decoded) sent to `to` so far, waiting until there are at least `atLeast`. */
export async function classMails(s: TestServer, to: string, atLeast = 1): Promise<Mail[]> {
  for (let i = 0; ; i++) {
    const found = (await s.mails())
      .filter((m) => m.to === to)
      .map((m) => ({ ...m, subject: decodeWords(m.subject) }))
      .filter((m) => m.subject.includes('the link to the class'));
    if (found.length >= atLeast || i >= 100) return found;
    await new Promise((r) => setTimeout(r, 30));
  }
}
