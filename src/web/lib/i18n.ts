/**
 * Lingui set-up. The language is the stored choice; without one, English when the browser's first
 * preferred language is English, otherwise Japanese (decisions.md: Japanese first). Catalogs are
 * loaded on demand, each in two parts (scripts/split-catalogs.ts): what the shell and the pages with a first-load
 * budget can show, and the rest, which the other pages wait for (./lazy-page.ts). <html lang> follows the active
 * language.
 */
import { i18n, type Messages } from '@lingui/core';

import { pickLanguage, type Language } from '@contract/limits';
import { usePrefs } from './session';

export function detectLanguage(): Language {
  return pickLanguage(usePrefs.getState().language, navigator.languages?.[0] ?? navigator.language);
}

type Catalog = Promise<{ messages: Messages }>;

// One import per language and part (not a template): no dynamic-import helper in the first load, and each part is
// its own chunk under its source's name in Vite's manifest, where the first-load preloads find it (build/first-load.ts).
const firstPart = (language: Language): Catalog =>
  language === 'en' ? import('../../../locales/en.first') : import('../../../locales/ja.first');
const restPart = (language: Language): Catalog =>
  language === 'en' ? import('../../../locales/en.rest') : import('../../../locales/ja.rest');

/** The language being activated (set before its catalog arrives, so a page loading meanwhile asks for the same). */
let activating: Language | null = null;
const restLoads = new Map<Language, Promise<void>>();
/** Each language's rest, once here: an activation takes it in with the first part (loadAndActivate replaces). */
const restMessages = new Map<Language, Messages>();

/**
 * The rest of the active language's catalog, loaded once, when a page beyond the first loads needs it (./lazy-page.ts,
 * also at boot on such a page). Not before: its arrival re-renders every translated component (Lingui's "change"). A
 * failed load is tried again next time.
 */
export function loadRestCatalog(language: Language | null = activating): Promise<void> {
  if (!language) return Promise.resolve();
  let load = restLoads.get(language);
  if (!load) {
    load = restPart(language).then(({ messages }) => {
      restMessages.set(language, messages);
      // Already active: added to what it shows. Otherwise its activation takes it in.
      if (i18n.locale === language) i18n.load(language, messages);
    });
    load.catch(() => restLoads.delete(language));
    restLoads.set(language, load);
  }
  return load;
}

/** `withRest`: also the rest of the catalog, before the switch (a language chosen on a page that needs it). */
export async function activateLanguage(language: Language, { withRest = false } = {}): Promise<void> {
  activating = language;
  const [{ messages }] = await Promise.all([firstPart(language), withRest ? loadRestCatalog(language) : undefined]);
  i18n.loadAndActivate({ locale: language, messages: { ...restMessages.get(language), ...messages } });
  document.documentElement.lang = language;
}

/** The language switcher: switches at once, with the whole catalog (any page may be open), and remembers the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  usePrefs.getState().setLanguage(language);
  await activateLanguage(language, { withRest: true });
}

export { i18n };
