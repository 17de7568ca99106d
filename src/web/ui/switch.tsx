import { useId } from 'react';

import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name of what is switched (for example a username). */
  label: string;
  onText: string;
  offText: string;
}

/**
 * An on/off switch: the button is the track, and the word beside it says its state for the eye. The word is outside
 * the button (a label for it, so that pressing the word switches too): inside, it would be visible text that the
 * button's name lacks (WCAG 2.5.3, axe's label-content-name-mismatch), even hidden from screen readers; the state is
 * the button's own (aria-checked, read as on or off), so the name stays the label it is given.
 */
export function Switch({ checked, onChange, label, onText, offText }: SwitchProps) {
  const id = useId();
  return (
    <span className={styles.switch} data-checked={checked}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className={styles.track}
        onClick={() => onChange(!checked)}
      />
      <label htmlFor={id} className={styles.word} aria-hidden="true">
        {checked ? onText : offText}
      </label>
    </span>
  );
}
