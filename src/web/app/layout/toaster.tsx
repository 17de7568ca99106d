import { Toaster } from 'react-hot-toast';

import { TOAST_MS } from '@contract/limits';

/** react-hot-toast's Toaster with the app's look; its own chunk, loaded with the first toast (lib/toast). */
export default function AppToaster() {
  return (
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
}
