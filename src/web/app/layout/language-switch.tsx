import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';

import type { Language } from '@contract/limits';
import { chooseLanguage } from '@web/lib/i18n';
import styles from './header.module.css';

const OPTIONS: ReadonlyArray<{ value: Language; label: string; name: string }> = [
  { value: 'en', label: 'EN', name: 'English' },
  { value: 'ja', label: 'JP', name: '日本語' },
];

/** EN / JP: switches at once and is remembered; the active button does nothing. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  return (
    <div className={styles.lang} role="group" aria-label={t`Language`}>
      {OPTIONS.map((o) => {
        const active = i18n.locale === o.value;
        return (
          <button
            key={o.value}
            type="button"
            lang={o.value}
            className={styles.langButton}
            aria-pressed={active}
            onClick={() => {
              if (active) return;
              void chooseLanguage(o.value).then(() => queryClient.invalidateQueries());
            }}
          >
            {/* The visible code, then the language's own name: the name a reader hears begins with what is seen. */}
            {o.label}
            <span className="visually-hidden"> {o.name}</span>
          </button>
        );
      })}
    </div>
  );
}
