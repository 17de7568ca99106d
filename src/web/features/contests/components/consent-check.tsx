import { useLingui } from '@lingui/react/macro';

import styles from './entry.module.css';

/** The child's consent to the entry history (issue 12): Submit stays off until it is ticked; `consent: true` is sent. */
export function ConsentCheck({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <label className={styles.consent}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {t`I agree that this work's first image, its title and my username are shown in this contest's entry history to logged-in users. The work keeps its own visibility everywhere else.`}
      </span>
    </label>
  );
}
