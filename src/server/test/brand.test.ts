/**
 * One name for the product per language, from one place (issue 28): the e-mails and the archive's texts say
 * BRAND (src/contract/brand.ts), as the site does, in Japanese too.
 */
import { describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';
import { LANGUAGES } from '@contract/limits';
import { MAIL } from '../mail-messages';
import { ARCHIVE_TEXT } from '../domain/archive-messages';
import { translator } from '../i18n';

describe('the brand', () => {
  it('every e-mail and archive text that names the product takes it from BRAND, in both languages', () => {
    for (const lang of LANGUAGES) {
      const t = translator(lang);
      for (const msg of [...Object.values(MAIL), ...Object.values(ARCHIVE_TEXT)]) {
        const text = t(msg, { name: 'N', subject: 'S', organization: 'O', site: 'http://x', date: 'D' });
        expect(text, `${lang} ${msg.id}`).not.toContain('リトルミュージアム');
        expect(text, `${lang} ${msg.id}`).not.toContain('{brand}');
        if (msg.message.includes('{brand}')) expect(text, `${lang} ${msg.id}`).toContain(BRAND[lang]);
      }
    }
  });
});
