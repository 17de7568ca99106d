import { useState } from 'react';

/**
 * The one picture of a console form (a contest's thumbnail, a banner's image): the chosen file, its error, whether it
 * is being compressed, the props of its ImageInput, and the form's multipart body with it.
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
