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
      {/* The state is the switch's own (aria-checked, read as on or off): the word repeats it for the eye only, so
          the name stays the label it is given (WCAG 2.5.3: no visible word in the button that its name lacks). */}
      <span aria-hidden="true">{checked ? onText : offText}</span>
    </button>
  );
}
