import { createPortal } from 'react-dom';
import { Toaster } from 'react-hot-toast';

import { TOAST_MS } from '@contract/limits';
import { useOpenDialogs } from '@web/ui/use-dialog';

/** react-hot-toast's Toaster with the app's look; its own chunk, loaded with the first toast (lib/toast). */
export default function AppToaster() {
  // A modal dialog makes the rest of the page inert and covers it, toasts included: while one is open, they show in it.
  const modal = useOpenDialogs((s) => s.stack.at(-1) ?? null);
  const toaster = (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.short },
        error: { duration: TOAST_MS.short },
        style: { borderRadius: '14px', background: 'var(--paper)', color: 'var(--ink)', maxWidth: '92vw', whiteSpace: 'pre-line' },
      }}
    />
  );
  // The toasts live in react-hot-toast's store, so moving the Toaster keeps the ones on screen.
  return modal ? createPortal(toaster, modal) : toaster;
}
