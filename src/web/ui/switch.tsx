import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name of what is switched (for example a username). */
  label: string;
  onText: string;
  offText: string;
}

export function Switch({ checked, onChange, label, onText, offText }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={styles.switch}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.track} aria-hidden="true" />
      <span>{checked ? onText : offText}</span>
    </button>
  );
}
