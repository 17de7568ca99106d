import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, useState } from 'react';
import { Link, useLocation } from 'wouter';

import { useQueue } from '@web/lib/queue';
import { useSession } from '@web/lib/session';
import { Button } from '@web/ui/button';
import { OptionalPart } from '@web/ui/optional-part';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch';
import { NAV_ITEMS } from './menu-items';
import { AuthLinks, Brand, RegisterWorkButton } from './header-parts';

// Not part of the first load: the menu from its first opening (a touch on the button starts the
// download), the logout question when it is asked.
const loadMenu = () => import('./menu-panel');
const MenuPanel = lazy(() => loadMenu().then((m) => ({ default: m.MenuPanel })));
// Logging out (and what it wipes from the device) loads when the user asks for it.
const loadLogout = () => import('@web/features/auth/api/logout');
const Modal = lazy(() => import('@web/ui/modal').then((m) => ({ default: m.Modal })));

export function Header() {
  const { i18n, t } = useLingui();
  const [location, navigate] = useLocation();
  const hasParent = useSession((s) => Boolean(s.token));
  const hasChild = useSession((s) => Boolean(s.childToken));
  const loggedIn = hasParent || hasChild;
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const [menuMounted, setMenuMounted] = useState(false);
  const setOpen = (value: boolean) => {
    if (value) setMenuMounted(true);
    setOpenAt(value ? location : null);
  };

  // Works still waiting to upload exist only on this phone: a logout that wipes it asks first.
  const waiting = useQueue((s) => s.items.filter((i) => i.status !== 'done').length);
  const [confirming, setConfirming] = useState(false);

  const doLogout = () => {
    setConfirming(false);
    void loadLogout().then(({ logout }) => logout(() => navigate('/login')));
  };
  const onLogout = () => {
    setOpen(false);
    void loadLogout().then(({ logoutWipesDevice }) => {
      if (waiting > 0 && logoutWipesDevice()) setConfirming(true);
      else doLogout();
    });
  };

  return (
    <>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Brand />
          <nav className={styles.nav} aria-label={t`Main`}>
            {NAV_ITEMS.map((item) => (
              <Link key={item.href} href={item.href} className={styles.navLink} aria-current={location === item.href ? 'page' : undefined}>
                {i18n._(item.label)}
              </Link>
            ))}
          </nav>
          <div className={styles.tools}>
            <div className={styles.desktopOnly}>
              <LanguageSwitch />
            </div>
            {!loggedIn && (
              <div className={styles.desktopOnly}>
                <AuthLinks location={location} />
              </div>
            )}
            {hasChild && (
              <div className={styles.desktopOnly}>
                <RegisterWorkButton />
              </div>
            )}
            <button
              type="button"
              className={[styles.burger, !loggedIn && styles.mobileOnly].filter(Boolean).join(' ')}
              aria-expanded={open}
              aria-controls={menuMounted ? 'site-menu' : undefined}
              onPointerDown={() => void loadMenu().catch(() => undefined)}
              onClick={() => setOpen(true)}
            >
              <span className={styles.burgerLines} aria-hidden="true" />
              <span className={styles.burgerText}>
                <Trans>Menu</Trans>
              </span>
            </button>
          </div>
        </div>
        {menuMounted && (
          <OptionalPart>
            <MenuPanel
              id="site-menu"
              open={open}
              location={location}
              hasParent={hasParent}
              hasChild={hasChild}
              onClose={() => setOpen(false)}
              onLogout={onLogout}
            />
          </OptionalPart>
        )}
      </header>
      {confirming && (
        <OptionalPart>
          <Modal
            open={confirming}
            title={t({ message: `Works are still waiting to upload`, context: 'heading' })}
            onClose={() => setConfirming(false)}
            actions={
              <>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  <Trans>Stay logged in</Trans>
                </Button>
                <Button variant="danger" onClick={doLogout}>
                  <Trans>Log out and delete them</Trans>
                </Button>
              </>
            }
          >
            <p>
              {plural(waiting, {
                one: '# work has not reached the museum yet. Logging out deletes it from this device. Stay logged in and go online to upload it first.',
                other:
                  '# works have not reached the museum yet. Logging out deletes them from this device. Stay logged in and go online to upload them first.',
              })}
            </p>
          </Modal>
        </OptionalPart>
      )}
      {/* Outside the header: its backdrop-filter would make it the box a fixed child sticks to. */}
      {hasChild && location !== '/register-work' && location !== '/edit-work' && (
        <nav className={styles.fab} aria-label={t`Capture`}>
          <RegisterWorkButton />
        </nav>
      )}
    </>
  );
}
