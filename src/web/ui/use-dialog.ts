import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { create } from 'zustand';

/**
 * The modal dialogs open now, the last on top. showModal() puts a dialog in the browser's top layer and makes the
 * rest of the page inert, so what must show while one is open (the toasts, app/layout/toaster.tsx) goes inside it.
 */
export const useOpenDialogs = create<{ stack: HTMLDialogElement[] }>()(() => ({ stack: [] }));

/**
 * Drives a native <dialog> from an `open` flag: showModal() traps focus; Escape and a tap on the backdrop
 * ask the owner to close (onClose), so React state stays the one source of truth.
 */
export function useDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    useOpenDialogs.setState((s) => ({ stack: [...s.stack, dialog] }));
    // Closed, or gone with its page while open.
    return () => useOpenDialogs.setState((s) => ({ stack: s.stack.filter((d) => d !== dialog) }));
  }, [open]);

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
  };
}
