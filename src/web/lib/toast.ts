/**
 * Toasts (accounts spec §9): react-hot-toast at the top centre, 3000 ms for most messages, 5000 ms
 * by default and 3500 ms for the child login. A toast meant to survive a full page load is parked in
 * sessionStorage and shown by `showParkedToast` at start-up.
 */
import toast from 'react-hot-toast';

import { TOAST_MS } from '../../contract/limits';

const PARKED_KEY = 'lm.parked-toast';

export const notify = {
  success: (message: string, duration: number = TOAST_MS.short) => toast.success(message, { duration, id: message }),
  error: (message: string, duration: number = TOAST_MS.short) => toast.error(message, { duration, id: message }),
  info: (message: string, duration: number = TOAST_MS.default) => toast(message, { duration, id: message }),
};

/** Shows a success toast after the next full page load. */
export function parkToast(message: string, duration: number): void {
  try {
    sessionStorage.setItem(PARKED_KEY, JSON.stringify({ message, duration }));
  } catch {
    notify.success(message, duration);
  }
}

export function showParkedToast(): void {
  try {
    const raw = sessionStorage.getItem(PARKED_KEY);
    if (!raw) return;
    sessionStorage.removeItem(PARKED_KEY);
    const { message, duration } = JSON.parse(raw) as { message: string; duration: number };
    notify.success(message, duration);
  } catch {
    // A malformed parked toast is simply dropped.
  }
}
