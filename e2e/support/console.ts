/**
 * The organization console's side of the journeys (issue 12): the demo staff's login through the public API, a
 * page opened as that parent (no child chosen), the join policy set back through the API, Japan-time inputs, and
 * the subjects of the e-mails in the outbox (RFC 2047 encoded words, as nodemailer writes them).
 */
import { join } from 'node:path';

import type { APIRequestContext, Page } from '@playwright/test';

import type { ConsoleHome } from '@contract/console';
import { E2E_DATA_DIR } from '../../playwright.config';
import { apiPath } from './api';
import { csrf } from './family';
import { readMails } from './mail';

export const DEMO_PASSWORD = 'Demo1234';

export interface Tokens {
  access: string;
  refresh: string;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A parent account's tokens (staff and the super admin are parent accounts). */
export async function logInParent(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  return ok<Tokens>(await request.post(apiPath('login'), { headers: await csrf(request), data: { email, password } }));
}

/** Stores a parent's tokens the way the PWA does after login (no child chosen), in `language`, then opens `path`. */
export async function openAsParent(page: Page, tokens: Tokens, path: string, language: 'en' | 'ja' = 'en') {
  await page.goto('/terms-and-services');
  await page.evaluate(
    ([t, lang]) => {
      localStorage.setItem('token', t.access);
      localStorage.setItem('refreshToken', t.refresh);
      localStorage.setItem('language', lang);
    },
    [tokens, language] as const,
  );
  await page.goto(path);
}

/** The organization of that name the caller runs, as the console's home lists it. */
export async function staffOrganization(request: APIRequestContext, tokens: Tokens, name: string) {
  const home = await ok<ConsoleHome>(await request.get(apiPath('consoleHome'), { headers: { Authorization: `Bearer ${tokens.access}` } }));
  const org = home.organizations.find((o) => o.name === name);
  if (!org) throw new Error(`not staff of ${name}`);
  return org;
}

/** How the organization's code admits members: at once ('code') or after staff approve ('approval'). */
export async function setJoinPolicy(request: APIRequestContext, tokens: Tokens, orgId: number, policy: 'code' | 'approval') {
  await ok(
    await request.patch(apiPath('orgUpdate', { orgId }), {
      headers: await csrf(request, { Authorization: `Bearer ${tokens.access}` }),
      data: { join_policy: policy },
    }),
  );
}

/** A moment as a datetime-local value in Japan time (`YYYY-MM-DDTHH:mm`), as the console's contest form takes it. */
export function japanInput(at: Date): string {
  return new Date(at.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** A header's value as a reader sees it: lines unfolded, encoded words (B or Q, UTF-8) decoded. */
export function decodeHeader(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]+/g, ' ');
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2); their bytes are joined before
  // decoding, since a word may end inside a character.
  const words = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let bytes: number[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.from(bytes).toString('utf8');
    bytes = [];
  };
  for (const m of unfolded.matchAll(words)) {
    const between = unfolded.slice(last, m.index);
    if (!(bytes.length && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    const [, , encoding = 'Q', text = ''] = m;
    const chunk =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          );
    bytes.push(...chunk);
    last = m.index + m[0].length;
  }
  flush();
  return out + unfolded.slice(last);
}

/** The subjects of every e-mail to `address` in the journeys' outbox, oldest first. */
export function subjectsTo(address: string): string[] {
  return readMails(join(E2E_DATA_DIR, 'outbox'))
    .map(({ raw }) => raw.split(/\r?\n\r?\n/)[0] ?? '')
    .filter((head) => new RegExp(`^To:.*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(head))
    .map((head) => decodeHeader(/^Subject:(.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1]?.trim() ?? ''));
}
