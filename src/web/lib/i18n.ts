/**
 * Lingui set-up. The language is the stored choice; without one, English when the browser's first
 * preferred language is English, otherwise Japanese (decisions.md: Japanese first). Catalogs are
 * loaded on demand; <html lang> follows the active language.
 */
import { i18n } from '@lingui/core';

import { pickLanguage, type Language } from '@contract/limits';
import { usePrefs } from './session';

export function detectLanguage(): Language {
  return pickLanguage(usePrefs.getState().language, navigator.languages?.[0] ?? navigator.language);
}

export async function activateLanguage(language: Language): Promise<void> {
  // One import per language (not a template): no dynamic-import helper in the first load, and each catalog is its
  // own chunk under its source's name in Vite's manifest, where the first-load preloads find it (build/first-load.ts).
  const catalog = language === 'en' ? import('../../../locales/en.po') : import('../../../locales/ja.po');
  const { messages } = (await catalog) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

/** The language switcher: switches at once and remembers the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  usePrefs.getState().setLanguage(language);
  await activateLanguage(language);
}

export { i18n };
