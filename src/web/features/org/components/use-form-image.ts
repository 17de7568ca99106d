import { useState } from 'react';

import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';

interface SaveOptions<K extends string> {
  /** The toast once saved. */
  saved: string;
  onDone: () => void;
  /** The form's fields a refusal may name. */
  fields: readonly K[];
  setFieldError: (key: K, error: { message: string }) => void;
}

/**
 * The one picture of a console form (a contest's or class's thumbnail, a banner's image): the chosen file, its error,
 * whether it is being compressed, the props of its ImageInput, the form's multipart body with it, and its saving.
 */
export function useFormImage(field: string, required: boolean, requiredMessage: string) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return {
    file,
    busy,
    setError,
    /** Says so when a required picture is missing; true then. */
    missing: () => {
      if (!required || file) return false;
      setError(requiredMessage);
      return true;
    },
    /**
     * Saves the form with `send`: done, says `saved` and calls `onDone`; refused, each of `fields` shows the server's
     * reason under it (through `setFieldError`), and the picture's under the picture.
     */
    save: async <K extends string>(
      send: () => Promise<unknown>,
      { saved, onDone, fields, setFieldError }: SaveOptions<K>,
    ): Promise<void> => {
      try {
        await send();
        notify.success(saved);
        onDone();
      } catch (error) {
        const errors = fieldErrors(error);
        for (const key of fields) if (errors[key]) setFieldError(key, { message: errors[key] });
        if (errors[field]) setError(errors[field]);
      }
    },
    /** The text fields as typed, and the picture when one was chosen. */
    body: <K extends string>(values: Partial<Record<K, unknown>>, keys: readonly K[]) => {
      const form = new FormData();
      for (const key of keys) form.append(key, String(values[key] ?? ''));
      if (file) form.append(field, file);
      return form;
    },
    inputProps: {
      file,
      error,
      required,
      onBusy: setBusy,
      onChange: (chosen: File | null) => {
        setFile(chosen);
        setError(undefined);
      },
    },
  };
}
