/**
 * Toasts (accounts spec §9): react-hot-toast at the top centre, 3000 ms for most messages, 5000 ms
 * by default and 3500 ms for the child login. A toast meant to survive a full page load is parked in
 * sessionStorage and shown by `showParkedToast` at start-up.
 *
 * react-hot-toast (and goober, its CSS-in-JS) loads with the first toast, not with the app: the
 * layout mounts its <Toaster> once `useToasts` says one was asked for (app/layout/toasts.tsx), and
 * toasts raised before it mounts wait in react-hot-toast's store.
 */
import { create } from 'zustand';

import { TOAST_MS } from '@contract/limits';

const PARKED_KEY = 'lm.parked-toast';

type HotToast = typeof import('react-hot-toast').default;

/** Whether a toast was asked for, so the layout mounts the Toaster. */
export const useToasts = create<{ wanted: boolean }>()(() => ({ wanted: false }));

let loading: Promise<HotToast> | null = null;

/** Runs `show` with react-hot-toast's `toast`, loading it first the first time. */
export function withToast(show: (toast: HotToast) => void): void {
  useToasts.setState({ wanted: true });
  loading ??= import('react-hot-toast').then((m) => m.default);
  loading.then(show, (error: unknown) => {
    // Offline before the chunk was ever cached: this toast is lost, the next one tries again.
    loading = null;
    console.warn('Toasts could not be loaded', error);
  });
}

export const notify = {
  success: (message: string, duration: number = TOAST_MS.short) => withToast((toast) => toast.success(message, { duration, id: message })),
  error: (message: string, duration: number = TOAST_MS.short) => withToast((toast) => toast.error(message, { duration, id: message })),
  info: (message: string, duration: number = TOAST_MS.default) => withToast((toast) => toast(message, { duration, id: message })),
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
