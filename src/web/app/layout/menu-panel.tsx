import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { promptInstall, useInstall } from '@web/lib/install';
import { useMe } from '@web/lib/me';
import styles from './header.module.css';
import { AuthLinks } from './header-parts';
import { LanguageSwitch } from './language-switch';
import { useDialog } from '@web/ui/use-dialog';
import { NAV_ITEMS } from './menu-items';
import { menuFor } from './menu-rooms';

interface MenuPanelProps {
  id: string;
  open: boolean;
  location: string;
  hasParent: boolean;
  hasChild: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/** The hamburger menu: a side panel on desktop, a full menu (with navigation) on mobile. */
export function MenuPanel({ id, open, location, hasParent, hasChild, onClose, onLogout }: MenuPanelProps) {
  const { i18n, t } = useLingui();
  const dialog = useDialog(open, onClose);
  const loggedIn = hasParent || hasChild;
  // Only where the browser offered installation (beforeinstallprompt), and until it is used.
  const canInstall = useInstall((s) => s.prompt !== null);
  // Staff and super admins also get the organization console (`me` says so for the parent's token only).
  const me = useMe();
  const runsConsole = Boolean(me.data?.is_staff || me.data?.is_super_admin);
  const install = () => {
    onClose();
    void promptInstall();
  };

  return (
    <dialog {...dialog} id={id} className={styles.panel} aria-label={t`Menu`}>
      <div className={styles.panelInner}>
        <div className={styles.panelHead}>
          <LanguageSwitch />
          <button type="button" className={styles.close} onClick={onClose} aria-label={t`Close the menu`}>
            ×
          </button>
        </div>
        <nav aria-label={t`Main`} className={styles.mobileOnly}>
          <ul className={styles.menuList}>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={styles.menuLink} aria-current={location === item.href ? 'page' : undefined}>
                  {i18n._(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {canInstall && (
          <button type="button" className={styles.installButton} onClick={install}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <rect x="6" y="2.5" width="12" height="19" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M12 7v7M9 11l3 3 3-3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>
              <Trans>Install app</Trans>
              <span className={styles.installHint}>
                <Trans>Opens from your home screen, even offline</Trans>
              </span>
            </span>
          </button>
        )}
        {loggedIn ? (
          <>
            <p className={styles.menuHeading}>
              <Trans>My museum</Trans>
            </p>
            <ul className={styles.menuList}>
              {menuFor(hasParent, hasChild, runsConsole).map((item) => (
                <li key={item.href}>
                  <Link href={item.href} className={styles.menuLink} aria-current={location === item.href ? 'page' : undefined}>
                    {i18n._(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
            <div className={styles.menuActions}>
              {hasChild && (
                <button type="button" className={styles.menuButton} onClick={onLogout}>
                  <Trans>Select another User</Trans>
                </button>
              )}
              <button type="button" className={styles.menuButton} onClick={onLogout}>
                <Trans>Logout</Trans>
              </button>
            </div>
          </>
        ) : (
          <AuthLinks location={location} stacked />
        )}
      </div>
    </dialog>
  );
}
