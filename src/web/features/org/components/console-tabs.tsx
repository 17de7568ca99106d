import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { consoleHref, type ConsoleScope } from './console-scope';
import styles from './org.module.css';

/** The console's sections as a row of tabs (links, so each has its address); on a phone the row wraps. */
export function ConsoleTabs({ scope }: { scope: ConsoleScope }) {
  const { t } = useLingui();
  const items =
    scope.kind === 'org'
      ? [
          { tab: 'members', label: t`Members`, count: scope.org.pending_count },
          { tab: 'contests', label: t`Contests`, count: 0 },
          { tab: 'classes', label: t`Classes`, count: 0 },
          { tab: 'mail', label: t`E-mail`, count: 0 },
        ]
      : [
          // Every organization, not those the account belongs to (Japanese 「団体」, not the profile's 「所属団体」).
          { tab: 'organizations', label: t({ message: 'Organizations', context: 'every organization (the super admin)' }), count: 0 },
          { tab: 'banners', label: t`Banners`, count: 0 },
          { tab: 'mail', label: t`E-mail`, count: 0 },
        ];
  const owner = scope.kind === 'org' ? scope.org.id : 'admin';
  return (
    <nav aria-label={t`Console sections`}>
      <ul className={styles.tabs}>
        {items.map(({ tab, label, count }) => (
          <li key={tab}>
            <Link href={consoleHref(owner, tab)} className={styles.tab} aria-current={scope.tab === tab ? 'page' : undefined}>
              {label}
              {count > 0 && (
                <>
                  <span className={styles.count} aria-hidden="true">
                    {count}
                  </span>
                  <span className="visually-hidden">{t`${count} waiting`}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
