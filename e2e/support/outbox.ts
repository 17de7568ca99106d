/**
 * Reads the e-mails the server wrote to DATA_DIR/outbox (the local mail adapter), the way a newcomer would
 * open them, and pulls out the link a person would click.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';

function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    // A multipart message keeps each part's headers; decode every base64 block we find.
    return body
      .split(/\r?\n\r?\n/)
      .map((block) => (/^[A-Za-z0-9+/=\r\n]+$/.test(block.trim()) ? Buffer.from(block, 'base64').toString('utf8') : block))
      .join('\n');
  }
  // quoted-printable (or plain): undo soft line breaks and =XX escapes
  const qp = body.replace(/=\r?\n/g, '');
  return Buffer.from(qp.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
}

function mailsTo(address: string): string[] {
  const dir = join(E2E_DATA_DIR, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names
    .map((n) => readFileSync(join(dir, n), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(address.toLowerCase()))
    .map((raw) => {
      // multipart: decode each part separately
      const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
      return parts.map(decodeBody).join('\n');
    });
}

/** Waits for the newest e-mail to `address` that contains a link to `path`, and returns that link. */
export async function linkFromOutbox(address: string, path: '/verify-email' | '/password-reset-confirm'): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(address).reverse();
        for (const text of mails) {
          const m = text.match(new RegExp(`https?://[^\\s"<>]*${path}\\?[^\\s"<>]+`));
          if (m) {
            link = m[0].replace(/&amp;/g, '&');
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `an e-mail to ${address} with a ${path} link` },
    )
    .toBe(true);
  return link;
}
