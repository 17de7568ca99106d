import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'react-hot-toast';

import { TOAST_MS } from '@contract/limits';

/**
 * The modal <dialog> open on top, if any. showModal() puts a dialog in the browser's top layer, above every z-index
 * of the page, and makes the rest of the page inert: a toast outside it would show dimmed under its backdrop (a
 * delete that fails with the confirmation open). So the toasts are rendered inside it while it is open.
 */
function useOpenModal(): HTMLDialogElement | null {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const find = () => {
      // Every <dialog> of the app is opened with showModal() (ui/use-dialog.ts).
      const open = [...document.querySelectorAll('dialog')].filter((d) => d.open);
      setModal(open.at(-1) ?? null);
    };
    // Dialogs open and close by their `open` attribute, and leave with their page.
    const observer = new MutationObserver(find);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    find();
    return () => observer.disconnect();
  }, []);
  return modal;
}

/** react-hot-toast's Toaster with the app's look; its own chunk, loaded with the first toast (lib/toast). */
export default function AppToaster() {
  const modal = useOpenModal();
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
