/**
 * Installing the app (issue 4, "Install"). The browser's `beforeinstallprompt` may fire before React
 * renders, so it is caught when this module loads (main.tsx -> app -> layout imports it statically, so
 * that happens before main.tsx's own code runs) and kept here until the menu's "Install app" uses it.
 * iOS Safari has no prompt: a one-time hint explains Add to Home Screen. An installed family is asked
 * to keep its storage, after its first queued upload (architecture, "Known traps"); the answer may be
 * no, and nothing depends on it.
 */
import { create } from 'zustand';

import { storage } from './storage';

/** Chromium's event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const IOS_HINT_KEY = 'lm.ios-install-hint-dismissed';

function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Safari on an iPhone or iPad (iPadOS reports itself as a Mac with touch), where only the share sheet installs. */
function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

interface InstallState {
  /** The deferred prompt while the browser offers installation (used once). */
  prompt: BeforeInstallPromptEvent | null;
  /** Running from the home screen, or installed in this session. */
  installed: boolean;
  /** Show the iOS "Add to Home Screen" hint (iOS Safari in a tab, not yet dismissed). */
  iosHint: boolean;
}

export const useInstall = create<InstallState>()(() => ({
  prompt: null,
  installed: isStandalone(),
  iosHint: isIosSafari() && !isStandalone() && storage.get(IOS_HINT_KEY) === null,
}));

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar: the menu offers "Install app" instead.
    event.preventDefault();
    useInstall.setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    useInstall.setState({ prompt: null, installed: true });
    askPersistentStorage();
  });
}

/** Shows the browser's install dialog (call it from a tap). */
export async function promptInstall(): Promise<void> {
  const event = useInstall.getState().prompt;
  if (!event) return;
  useInstall.setState({ prompt: null });
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') useInstall.setState({ installed: true });
  } catch (error) {
    console.warn('The install prompt failed', error);
  }
}

export function dismissIosHint(): void {
  storage.set(IOS_HINT_KEY, '1');
  useInstall.setState({ iosHint: false });
}

let persistAsked = false;

/**
 * Asks the browser to keep our storage (queue, offline copies) through storage pressure: after the
 * first upload is queued (the queue then holds work that exists nowhere else), and when the family
 * installs the app. Once per run; browsers may say no (Chromium grants installed apps), and a
 * refusal changes nothing.
 */
export function askPersistentStorage(): void {
  if (persistAsked || !navigator.storage?.persist) return;
  persistAsked = true;
  void navigator.storage
    .persisted()
    .then((already) => already || navigator.storage.persist())
    .catch(() => false);
}
