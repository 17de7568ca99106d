/**
 * The texts of a page arrive with the language being shown, one `import()` per language, so no page's first
 * load carries them and a reader downloads one language only. A page starts loading its text as its own chunk
 * is evaluated (`preload`), beside the language catalog, and keeps showing the previous language's text while
 * a newly chosen one arrives.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';

import type { Language } from '@contract/limits';
import { detectLanguage } from '@web/lib/i18n';

type Loaders<T> = Record<Language, () => Promise<{ content: T }>>;

export function contentLoader<T>(loaders: Loaders<T>) {
  const loaded = new Map<Language, T>();
  const loading = new Map<Language, Promise<T>>();

  const load = (language: Language): Promise<T> => {
    let promise = loading.get(language);
    if (!promise) {
      promise = loaders[language]().then(
        ({ content }) => {
          loaded.set(language, content);
          return content;
        },
        (error: unknown) => {
          // Not remembered: opening the page again tries again.
          loading.delete(language);
          throw error;
        },
      );
      loading.set(language, promise);
    }
    return promise;
  };

  /** Starts loading the text of the language the app will show. */
  const preload = (): void => void load(detectLanguage()).catch(() => undefined);

  /** The text in the current language; the last one shown while it loads; undefined before any has come. */
  function useContent(): T | undefined {
    const { i18n } = useLingui();
    const language: Language = i18n.locale === 'en' ? 'en' : 'ja';
    const [shown, setShown] = useState<T | undefined>(() => loaded.get(language));
    const [error, setError] = useState<unknown>(null);
    useEffect(() => {
      // Also when the text is here already: it may have come between the render and this effect.
      let live = true;
      load(language).then(
        (content) => live && setShown(content),
        (e: unknown) => live && setError(e),
      );
      return () => {
        live = false;
      };
    }, [language]);
    // The page's error screen, as for a page chunk that cannot be loaded.
    if (error) throw error;
    return loaded.get(language) ?? shown;
  }

  return { preload, useContent };
}

export const legalContent = contentLoader({ ja: () => import('./ja/legal'), en: () => import('./en/legal') });
export const aboutContent = contentLoader({ ja: () => import('./ja/about'), en: () => import('./en/about') });
