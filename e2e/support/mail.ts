/** Reads the .eml files the local mail adapter writes, as a person opening them would, and finds links. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
  return Buffer.from(
    qp.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** Every e-mail in an outbox folder, oldest first: as written (`raw`, with its headers) and its body decoded (`text`). */
export function readMails(dir: string): { raw: string; text: string }[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((n) => {
    const raw = readFileSync(join(dir, n), 'utf8');
    // multipart: decode each part separately
    const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
    return { raw, text: parts.map(decodeBody).join('\n') };
  });
}

function mailsTo(dir: string, address: string): string[] {
  return readMails(dir)
    .filter(({ raw }) => raw.toLowerCase().includes(address.toLowerCase()))
    .map(({ text }) => text);
}

export type LinkPath = '/verify-email' | '/password-reset-confirm' | '/confirm-email';

/** The link to `path` in the newest e-mail to `address` in an outbox folder, or null. */
export function findLink(outboxDir: string, address: string, path: LinkPath): string | null {
  for (const text of mailsTo(outboxDir, address).reverse()) {
    const m = text.match(new RegExp(`https?://[^\\s"<>]*${path}\\?[^\\s"<>]+`));
    if (m) return m[0].replace(/&amp;/g, '&');
  }
  return null;
}
