import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import styles from './header.module.css';
import { AuthLinks } from './header-parts';
import { LanguageSwitch } from './language-switch';
import { useDialog } from '../../ui/use-dialog';
import { menuFor, NAV_ITEMS } from './menu-items';

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

  return (
    <dialog
      {...dialog}
      id={id}
      className={styles.panel}
      aria-label={t`Menu`}
    >
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
        {loggedIn ? (
          <>
            <p className={styles.menuHeading}>
              <Trans>My museum</Trans>
            </p>
            <ul className={styles.menuList}>
              {menuFor(hasParent, hasChild).map((item) => (
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
