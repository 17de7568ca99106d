/**
 * Issue 11: the advertisements (the landing's sponsor banners) and the contact form. Banners are listed while
 * active, by type, in their order, with images served under /media/; the demo seeds three running and one ended.
 * An inquiry is a form (multipart or urlencoded) checked with the spec's messages in both languages, stored,
 * mailed to support with a reply-to of its sender, and confirmed to the sender in their language; line breaks in a
 * name or subject stay inside their header; the limits per address and per client answer 429, never 5xx.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { RATE_LIMITS } from '@contract/rate-limits';
import { advertisements, inquiries } from '../db/schema';
import { safeLink } from '../domain/advertisements';
import {
  decodeWords,
  signupVerified,
  startTestServer,
  uniqueEmail,
  type Mail,
  type Reply,
  type RequestOptions,
  type TestServer,
} from './harness';
import { png } from './works-helpers';

const HOUR = 60 * 60 * 1000;
/** One instant, a minute into an hour: the hourly limits' window cannot end during the file. */
const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR + 60_000);
const SUPPORT = 'support@littlemuseum.local';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => NOW });
});
afterAll(() => s.close());

// ---- banners ------------------------------------------------------------------------------------

async function ad(values: Partial<typeof advertisements.$inferInsert> & { name: string }): Promise<number> {
  const key = `banners/test${Math.random().toString(36).slice(2)}.png`;
  await s.deps.storage.put(key, await png(120, 40), 'image/png');
  const [row] = await s.deps.db
    .insert(advertisements)
    .values({ addType: 'banner', imageKey: key, ...values })
    .returning();
  return row!.id;
}

describe('GET /api/advertisements/', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    ids = {
      open: await ad({ name: 'open', sortOrder: 2, linkUrl: 'https://sponsor.example/crayons' }),
      running: await ad({ name: 'running', sortOrder: 1, startsAt: at(-HOUR), endsAt: at(HOUR), linkUrl: '/contest-list' }),
      // Same order as `running`, a larger id: after it.
      tie: await ad({ name: 'tie', sortOrder: 1 }),
      startsNow: await ad({ name: 'starts now', sortOrder: 3, startsAt: NOW }),
      endsNow: await ad({ name: 'ends now', sortOrder: 0, endsAt: NOW }),
      ended: await ad({ name: 'ended', sortOrder: 0, startsAt: at(-2 * HOUR), endsAt: at(-HOUR) }),
      notYet: await ad({ name: 'not yet', sortOrder: 0, startsAt: at(60_000) }),
      unsafe: await ad({ name: 'unsafe link', sortOrder: 4, linkUrl: 'javascript:alert(1)' }),
      sidebar: await ad({ name: 'sidebar', addType: 'sidebar', sortOrder: 0 }),
    };
  });

  it('lists the banners running now (starts_at <= now < ends_at, a null bound open), in their order', async () => {
    const res = await s.request('/api/advertisements/?add_type=banner');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { name: string }) => a.name)).toEqual(['running', 'tie', 'open', 'starts now', 'unsafe link']);
    expect(res.body[0]).toEqual({
      id: ids.running,
      name: 'running',
      banner_image: expect.stringMatching(/^\/media\/banners\/test\w+\.png$/),
      add_type: 'banner',
      url: '/contest-list',
    });
    expect(res.body.find((a: { name: string }) => a.name === 'open').url).toBe('https://sponsor.example/crayons');
    expect(res.body.find((a: { name: string }) => a.name === 'tie').url).toBeNull();
    // A link that is neither https nor a path of ours opens nothing.
    expect(res.body.find((a: { name: string }) => a.name === 'unsafe link').url).toBeNull();
  });

  it('filters by add_type; without it lists every type; an unknown type is an empty list', async () => {
    const all = await s.request('/api/advertisements/');
    expect(all.body.map((a: { name: string }) => a.name)).toEqual(['sidebar', 'running', 'tie', 'open', 'starts now', 'unsafe link']);
    expect((await s.request('/api/advertisements/?add_type=sidebar')).body.map((a: { id: number }) => a.id)).toEqual([ids.sidebar]);
    expect(await s.request('/api/advertisements/?add_type=popup')).toMatchObject({ status: 200, body: [] });
    const long = await s.request(`/api/advertisements/?add_type=${'x'.repeat(33)}`);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body)).toEqual(['add_type']);
  });

  it('moves with the clock: a banner appears at its start and goes at its end', async () => {
    const later = await startTestServer({ database: s.database, seed: false, clock: () => new Date(NOW.getTime() + 90 * 60_000) });
    try {
      const names = (await later.request('/api/advertisements/?add_type=banner')).body.map((a: { name: string }) => a.name);
      expect(names).toEqual(['not yet', 'tie', 'open', 'starts now', 'unsafe link']);
    } finally {
      await later.close();
    }
  });

  it('serves each image under /media/', async () => {
    for (const a of (await s.request('/api/advertisements/')).body as { banner_image: string }[]) {
      const res = await fetch(s.url + a.banner_image);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it('lets a banner open only an https URL or a path of ours', () => {
    expect(safeLink('https://sponsor.example/a?b=c')).toBe('https://sponsor.example/a?b=c');
    expect(safeLink('/contest-list')).toBe('/contest-list');
    for (const bad of [
      'http://sponsor.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://u:p@x.example/',
      '/a b',
      '',
      null,
    ])
      expect(safeLink(bad), String(bad)).toBeNull();
  });
});

describe('the demo banners', () => {
  it('seeds three running banners we drew (an outside link, a page of ours, none) and one that has ended', async () => {
    const demo = await startTestServer();
    try {
      const res = await demo.request('/api/advertisements/?add_type=banner');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      expect(res.body.map((a: { url: string | null }) => a.url)).toEqual(['https://example.com/niji-crayons', '/contest-list', null]);
      expect(res.body.map((a: { name: string }) => a.name).join()).not.toMatch(/summer sale/);
      for (const a of res.body as { banner_image: string }[]) {
        const image = await fetch(demo.url + a.banner_image);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([1200, 400]);
      }
      expect((await demo.deps.db.select().from(advertisements)).length).toBe(4);
    } finally {
      await demo.close();
    }
  });
});

// ---- the contact form ---------------------------------------------------------------------------

interface Fields {
  subject?: string;
  inquiry_message?: string;
  user_email?: string;
  user_name?: string;
}

const valid = (over: Fields = {}): Fields => ({
  subject: 'Printing a gallery',
  inquiry_message: 'Can I order a printed book of my daughter’s gallery?',
  user_email: uniqueEmail('asker'),
  user_name: 'Aiko Tanaka',
  ...over,
});

function multipartOf(fields: Fields | [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of Array.isArray(fields) ? fields : Object.entries(fields)) if (v !== undefined) form.append(k, v);
  return form;
}

function inquire(fields: Fields, o: RequestOptions & { language?: string; urlencoded?: boolean } = {}): Promise<Reply> {
  const path = `/api/inquiry/${o.language ? `?language=${o.language}` : ''}`;
  if (!o.urlencoded) return s.request(path, { ...o, method: 'POST', form: multipartOf(fields) });
  const body = new URLSearchParams(Object.entries(fields).filter((kv): kv is [string, string] => kv[1] !== undefined)).toString();
  return raw(path, body, 'application/x-www-form-urlencoded', o.ip);
}

/** A body as it is, with its own Content-Type. */
async function raw(path: string, body: string, type: string, ip = `203.0.113.${1 + Math.floor(Math.random() * 250)}`): Promise<Reply> {
  const res = await fetch(s.url + path, { method: 'POST', headers: { 'Content-Type': type, 'X-Forwarded-For': ip }, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The headers of an outbox mail, unfolded, each as one line. */
async function headersOf(mail: Mail): Promise<string[]> {
  const text = await readFile(join(s.dataDir, 'outbox', mail.file), 'utf8');
  return text
    .slice(0, text.indexOf('\n\n'))
    .replace(/\n[ \t]+/g, ' ')
    .split('\n');
}

/** The first outbox mail that `matches`, waiting for the delivery after the answer. */
async function mailWhere(what: string, matches: (m: Mail) => boolean): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const found = (await s.mails()).find(matches);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no e-mail: ${what}`);
}

/** The notice to support of inquiry `id`. */
const noticeOf = (id: number) =>
  mailWhere(`the notice of inquiry #${id}`, (m) => m.to === SUPPORT && decodeWords(m.subject).includes(`#${id}:`));

const stored = async (email: string) => s.deps.db.select().from(inquiries).where(eq(inquiries.email, email));

describe('POST /api/inquiry/: validation', () => {
  it('answers an empty form with every field’s message, in English and in Japanese', async () => {
    const empty = { subject: '', inquiry_message: '', user_email: '', user_name: '' };
    const en = await inquire(empty);
    expect(en).toMatchObject({
      status: 400,
      body: {
        subject: ['Subject is required'],
        inquiry_message: ['Inquiry details are required'],
        user_email: ['Email is required'],
        user_name: ['Full name is required'],
      },
    });
    const ja = await inquire(empty, { language: 'ja' });
    expect(ja).toMatchObject({
      status: 400,
      body: {
        subject: ['件名は必須です'],
        inquiry_message: ['お問い合わせ内容は必須です'],
        user_email: ['メールアドレスは必須です'],
        user_name: ['お名前は必須です'],
      },
    });
    // Fields left out entirely are the same as empty ones; so is a form of blanks, urlencoded.
    expect((await inquire({})).body).toEqual(en.body);
    expect((await inquire({ subject: '  ', inquiry_message: ' ', user_email: ' ', user_name: ' ' }, { urlencoded: true })).body).toEqual(
      en.body,
    );
  });

  it('asks for details of at least 10 characters, a valid address, and texts within their bounds', async () => {
    const cases: [Fields, string, string, string][] = [
      [{ inquiry_message: 'Too short' }, 'inquiry_message', M.inquiryTooShort.message, 'もう少し詳しくご記入ください'],
      [{ user_email: 'not-an-address' }, 'user_email', M.contactEmailInvalid.message, 'メールアドレスの形式が正しくありません'],
      [{ subject: 's'.repeat(201) }, 'subject', M.subjectTooLong.message, ''],
      [{ inquiry_message: 'm'.repeat(5001) }, 'inquiry_message', M.inquiryTooLong.message, ''],
      [{ user_name: 'n'.repeat(101) }, 'user_name', M.fullNameTooLong.message, ''],
    ];
    for (const [over, field, english, japanese] of cases) {
      const en = await inquire(valid(over));
      expect(en, field).toMatchObject({ status: 400, body: { [field]: [english] } });
      expect(Object.keys(en.body)).toEqual([field]);
      const ja = await inquire(valid(over), { language: 'ja' });
      expect(ja.status).toBe(400);
      if (japanese) expect(ja.body[field]).toEqual([japanese]);
      else expect(ja.body[field]![0]).not.toBe(english);
    }
    // Exactly 10 characters is enough; the bounds themselves are allowed.
    expect((await inquire(valid({ inquiry_message: '0123456789' }))).status).toBe(201);
    expect((await inquire(valid({ subject: 's'.repeat(200), user_name: 'n'.repeat(100), inquiry_message: 'm'.repeat(5000) }))).status).toBe(
      201,
    );
  });

  it('refuses a NUL byte, a file, a field sent twice, too many fields, a body that is not a form, and one over 256 KB', async () => {
    expect(await inquire(valid({ user_name: 'Ai\u0000ko' }))).toMatchObject({ status: 400, body: { user_name: [M.invalidValue.message] } });

    const withFile = multipartOf(valid());
    withFile.append('attachment', new File([new Uint8Array(await png(8, 8))], 'a.png', { type: 'image/png' }));
    expect(await s.request('/api/inquiry/', { form: withFile })).toMatchObject({
      status: 400,
      body: { attachment: [M.invalidValue.message] },
    });
    const fileAsSubject = multipartOf({ ...valid(), subject: undefined });
    fileAsSubject.append('subject', new File(['hello'], 'subject.txt', { type: 'text/plain' }));
    expect(await s.request('/api/inquiry/', { form: fileAsSubject })).toMatchObject({
      status: 400,
      body: { subject: [M.invalidValue.message] },
    });

    const twice = multipartOf([...(Object.entries(valid()) as [string, string][]), ['user_email', 'other@example.com']]);
    expect(await s.request('/api/inquiry/', { form: twice })).toMatchObject({
      status: 400,
      body: { user_email: [M.invalidValue.message] },
    });
    const twiceEncoded = `${new URLSearchParams(valid() as Record<string, string>).toString()}&subject=again`;
    expect(await raw('/api/inquiry/', twiceEncoded, 'application/x-www-form-urlencoded')).toMatchObject({
      status: 400,
      body: { subject: [M.invalidValue.message] },
    });

    const unreadable = { status: 400, body: { non_field_errors: [M.invalidBody.message] } };
    const many = Object.entries(valid()) as [string, string][];
    for (let i = 0; i < 60; i++) many.push([`extra${i}`, 'x']);
    expect(await s.request('/api/inquiry/', { form: multipartOf(many) })).toMatchObject(unreadable);
    expect(await s.request('/api/inquiry/', { json: valid() })).toMatchObject(unreadable);
    expect(await raw('/api/inquiry/', 'subject=x', 'text/plain')).toMatchObject(unreadable);
    expect(
      await raw('/api/inquiry/', '--b\r\nContent-Disposition: form-data; name="subject"\r\n\r\nx', 'multipart/form-data; boundary=b'),
    ).toMatchObject(unreadable);
    const huge = new URLSearchParams({ ...(valid() as Record<string, string>), inquiry_message: 'x'.repeat(300 * 1024) }).toString();
    expect(await raw('/api/inquiry/', huge, 'application/x-www-form-urlencoded')).toMatchObject(unreadable);
    // A 100 KB message is within the body limit: the field's own bound answers.
    const long = await inquire(valid({ inquiry_message: 'x'.repeat(100 * 1024) }), { urlencoded: true });
    expect(long).toMatchObject({ status: 400, body: { inquiry_message: [M.inquiryTooLong.message] } });
  });
});

describe('POST /api/inquiry/: what it does', () => {
  it('stores a guest’s inquiry, mails it to support with a reply-to of the sender, and sends the sender a receipt', async () => {
    const fields = valid({ user_email: uniqueEmail('Guest').toUpperCase() });
    const email = fields.user_email!.toLowerCase();
    const res = await inquire(fields, { urlencoded: true, ip: '192.0.2.77' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: M.inquirySent.message });

    const [row] = await stored(email);
    expect(row).toMatchObject({
      subject: fields.subject,
      message: fields.inquiry_message,
      email,
      name: fields.user_name,
      language: 'en',
      userId: null,
      ip: '192.0.2.77',
      createdAt: NOW,
    });

    const notice = await noticeOf(row!.id);
    expect(decodeWords(notice.subject)).toBe(`Little Museum お問い合わせ #${row!.id}: ${fields.subject}`);
    expect(notice.text).toContain(fields.inquiry_message);
    expect(notice.text).toContain(email);
    const headers = await headersOf(notice);
    expect(headers).toContain(`Reply-To: ${fields.user_name} <${email}>`);
    expect(headers.filter((h) => /^To:/i.test(h))).toEqual([`To: ${SUPPORT}`]);

    const receipt = await s.waitForMail(email);
    expect(decodeWords(receipt.subject)).toBe('Little Museum: we have received your inquiry');
    expect(receipt.text).toContain(`Dear ${fields.user_name},`);
    expect(receipt.text).toContain(`"${fields.subject}"`);
    expect(receipt.text).toContain('within 3 to 5 business days');
    expect(receipt.text).toContain('10:00 to 15:00 (Japan time) on weekdays, excluding weekends and holidays');
    expect(receipt.text).not.toContain(fields.inquiry_message);
    expect(await headersOf(receipt)).toContain(`Reply-To: ${SUPPORT}`);

    // Support's copy has gone, and the row says so.
    for (let i = 0; i < 50 && !(await stored(email))[0]!.notifiedAt; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await stored(email))[0]!.notifiedAt).toEqual(NOW);
  });

  it('keeps the account of a logged-in sender, and answers and confirms in Japanese when asked', async () => {
    const parent = await signupVerified(s);
    const fields = valid({ user_email: parent.email, user_name: '田中 あいこ', subject: '作品の印刷について' });
    const res = await inquire(fields, { token: parent.access, language: 'ja' });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/3〜5営業日/);

    const rows = await stored(parent.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'ja', name: '田中 あいこ' });
    expect(rows[0]!.userId).toEqual(expect.any(Number));

    const notice = await noticeOf(rows[0]!.id);
    expect(notice.text).toContain(`ユーザー #${rows[0]!.userId}`);
    expect(notice.text).toContain('言語: ja');
    expect(decodeWords((await headersOf(notice)).find((h) => h.startsWith('Reply-To:'))!)).toBe(`Reply-To: 田中 あいこ <${parent.email}>`);

    const receipt = await mailWhere('a Japanese receipt', (m) => m.to === parent.email && decodeWords(m.subject).includes('お問い合わせ'));
    expect(decodeWords(receipt.subject)).toBe('Little Museum：お問い合わせを受け付けました');
    expect(receipt.text).toContain('田中 あいこ 様');
    expect(receipt.text).toContain('「作品の印刷について」');
    expect(receipt.text).toContain('3〜5営業日以内');
    expect(receipt.text).toContain('平日 10:00〜15:00');
  });

  it('keeps a line break in a subject or a name inside its header: no header of the sender’s making', async () => {
    const email = uniqueEmail('crlf');
    const fields = valid({
      user_email: email,
      subject: 'Hello\r\nBcc: victim@example.com\r\nX-Evil: 1',
      user_name: 'Eve\r\nBcc: other@example.com\nX-Evil: 2',
    });
    expect((await inquire(fields, { urlencoded: true })).status).toBe(201);
    const [row] = await stored(email);
    const notice = await noticeOf(row!.id);
    const receipt = await s.waitForMail(email);
    for (const mail of [notice, receipt]) {
      const headers = await headersOf(mail);
      expect(
        headers.filter((h) => /^(bcc|x-evil|cc):/i.test(h)),
        mail.to,
      ).toEqual([]);
      expect(headers.filter((h) => /^to:/i.test(h))).toHaveLength(1);
    }
    expect(decodeWords(notice.subject)).toBe(`Little Museum お問い合わせ #${row!.id}: Hello Bcc: victim@example.com X-Evil: 1`);
    expect((await headersOf(notice)).find((h) => h.startsWith('Reply-To:'))).toBe(
      `Reply-To: "Eve Bcc: other@example.com X-Evil: 2" <${email}>`,
    );
    expect(receipt.text).toContain('Dear Eve Bcc: other@example.com X-Evil: 2,');
  });
});

describe('POST /api/inquiry/: a notice to support that could not be sent', () => {
  const MINUTE = 60_000;
  /** Inquiry `email`'s notices in the outbox (support's copies of it). */
  const noticesOf = async (id: number) => (await s.mails()).filter((m) => m.to === SUPPORT && decodeWords(m.subject).includes(`#${id}:`));

  /** Sends an inquiry while the mail to support fails; returns its stored row once the receipt has gone. */
  async function failedInquiry(subject: string) {
    const mail = s.deps.mail;
    const realSend = mail.send.bind(mail);
    mail.send = (m) => (m.to === SUPPORT ? Promise.reject(new Error('smtp is down')) : realSend(m));
    const email = uniqueEmail('retry');
    try {
      expect((await inquire(valid({ user_email: email, subject }))).status).toBe(201);
      await s.waitForMail(email);
      // The failed notice has been tried (it went before the receipt).
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      mail.send = realSend;
    }
    const [row] = await stored(email);
    return row!;
  }

  async function at<T>(ms: number, run: () => Promise<T>): Promise<T> {
    const clock = s.deps.clock;
    s.deps.clock = () => new Date(NOW.getTime() + ms);
    try {
      return await run();
    } finally {
      s.deps.clock = clock;
    }
  }

  it('is sent again by the sweeper after its wait, once, even when two instances sweep at the same time', async () => {
    const { sweepInquiryNotices, NOTIFY_RETRY_MS } = await import('../domain/inquiries');
    const row = await failedInquiry('Sent again');
    expect(row).toMatchObject({ notifiedAt: null, notifyAttempts: 0, notifyNextAt: new Date(NOW.getTime() + NOTIFY_RETRY_MS) });
    expect(await noticesOf(row.id)).toHaveLength(0);

    // Not before its time.
    await at(NOTIFY_RETRY_MS - 1, () => sweepInquiryNotices(s.deps));
    expect(await noticesOf(row.id)).toHaveLength(0);
    // Then by one of two sweepers.
    await at(NOTIFY_RETRY_MS, () => Promise.all([sweepInquiryNotices(s.deps), sweepInquiryNotices(s.deps)]));
    expect(await noticesOf(row.id)).toHaveLength(1);
    const [after] = await s.deps.db.select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(after).toMatchObject({ notifiedAt: new Date(NOW.getTime() + NOTIFY_RETRY_MS), notifyAttempts: 1 });
    // And never again.
    await at(24 * HOUR, () => sweepInquiryNotices(s.deps));
    expect(await noticesOf(row.id)).toHaveLength(1);
  });

  it('waits twice as long after each failure, up to an hour, and gives up after the last try', async () => {
    const { sweepInquiryNotices, NOTIFY_RETRY_MS, NOTIFY_MAX_ATTEMPTS } = await import('../domain/inquiries');
    const row = await failedInquiry('Never goes');
    const mail = s.deps.mail;
    const realSend = mail.send.bind(mail);
    mail.send = (m) => (m.to === SUPPORT ? Promise.reject(new Error('smtp is down')) : realSend(m));
    const rowNow = async () => (await s.deps.db.select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!;
    try {
      let t = NOTIFY_RETRY_MS;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 7; attempt++) {
        await at(t, () => sweepInquiryNotices(s.deps));
        const r = await rowNow();
        expect(r.notifyAttempts).toBe(attempt);
        waits.push((r.notifyNextAt!.getTime() - NOW.getTime() - t) / MINUTE);
        t = r.notifyNextAt!.getTime() - NOW.getTime();
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
      // The last try spent: nothing more, however long it waits.
      await s.deps.db.update(inquiries).set({ notifyAttempts: NOTIFY_MAX_ATTEMPTS }).where(eq(inquiries.id, row.id));
      await at(30 * 24 * HOUR, () => sweepInquiryNotices(s.deps));
      expect((await rowNow()).notifyAttempts).toBe(NOTIFY_MAX_ATTEMPTS);
    } finally {
      mail.send = realSend;
    }
    expect(await noticesOf(row.id)).toHaveLength(0);
    expect((await rowNow()).notifiedAt).toBeNull();
  });
});

describe('POST /api/inquiry/: limits and floods', () => {
  it('takes 5 inquiries an hour from one address, then answers 429 in the contract’s shape', async () => {
    const email = uniqueEmail('eager');
    expect(RATE_LIMITS.inquiryEmail.max).toBe(5);
    for (let i = 0; i < 5; i++) expect((await inquire(valid({ user_email: email }))).status).toBe(201);
    const limited = await inquire(valid({ user_email: email.toUpperCase() }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: M.rateLimited.message });
    expect(await inquire(valid({ user_email: email }), { language: 'ja' })).toMatchObject({
      status: 429,
      body: { detail: expect.any(String) },
    });
    expect(await stored(email)).toHaveLength(5);
    // An hour later, the address may write again.
    const later = await startTestServer({ database: s.database, seed: false, clock: () => new Date(NOW.getTime() + HOUR) });
    try {
      const form = multipartOf(valid({ user_email: email }));
      expect((await later.request('/api/inquiry/', { form })).status).toBe(201);
    } finally {
      await later.close();
    }
  });

  it('takes 10 an hour from one client address, whatever the e-mail', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < RATE_LIMITS.inquiryIp.max; i++) expect((await inquire(valid(), { ip })).status).toBe(201);
    expect(await inquire(valid(), { ip })).toMatchObject({ status: 429, body: { detail: M.rateLimited.message } });
    expect((await inquire(valid(), { ip: '192.0.2.11' })).status).toBe(201);
  });

  it('answers a flood from one address with 201s then 429s, never 5xx; invalid ones cost nothing and get 400', async () => {
    const ip = '192.0.2.99';
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? inquire({ subject: '', inquiry_message: 'x', user_email: 'x', user_name: '' }, { ip })
          : inquire(valid({ user_name: `Flood ${i}`, inquiry_message: `${'big '.repeat(1000)}\u2028${i}` }), {
              ip,
              urlencoded: i % 2 === 0,
            }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((x) => x >= 500)).toEqual([]);
    expect(statuses.filter((x) => x === 201)).toHaveLength(RATE_LIMITS.inquiryIp.max);
    expect(statuses.filter((x) => x === 400)).toHaveLength(10);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20);
    for (const r of replies.filter((x) => x.status === 429)) expect(r.body).toEqual({ detail: M.rateLimited.message });
  });
});
