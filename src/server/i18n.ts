/**
 * Server-side translation of the contract's message ids with Lingui. The catalogs are the compiled
 * locales/*.ts (`npx lingui compile --typescript`); a missing ja text falls back to English there.
 */
import { setupI18n, type I18n } from '@lingui/core';

import { BRAND } from '@contract/brand';
import { LANGUAGES, type Language } from '@contract/limits';
import { M, type Msg } from '@contract/messages';
import { messages as en } from '../../locales/en';
import { messages as ja } from '../../locales/ja';
import { messages as enServer } from '../../locales/server/en';
import { messages as jaServer } from '../../locales/server/ja';
import { CIRCLE } from './circle-messages';
import { MAIL } from './mail-messages';

/** The PWA's catalog (the contract's messages among them) and the server's own (the e-mails, the circle's answers). */
const catalogs: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: { ...en, ...enServer } } }),
  ja: setupI18n({ locale: 'ja', messages: { ja: { ...ja, ...jaServer } } }),
};

/** id -> descriptor, so a message added after the last compile still shows its English source. */
const byId = new Map<string, Msg>([...Object.values(M), ...Object.values(MAIL), ...Object.values(CIRCLE)].map((m) => [m.id, m]));

export function isKnownMessageId(id: string): boolean {
  return byId.has(id);
}

export function parseLanguage(value: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

export type Translate = (msg: Msg | string, values?: Record<string, unknown>) => string;

export function translator(lang: Language): Translate {
  const i18n = catalogs[lang];
  return (msg, values) => {
    const descriptor = typeof msg === 'string' ? (byId.get(msg) ?? M.invalidValue) : msg;
    // Every text may name the product as {brand} (../contract/brand.ts), in this language.
    return i18n._({ id: descriptor.id, message: descriptor.message, values: { brand: BRAND[lang], ...values } });
  };
}
