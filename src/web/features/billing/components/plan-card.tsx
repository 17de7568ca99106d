import { useId, type ReactNode } from 'react';

import styles from './billing.module.css';

interface PlanCardProps {
  art: ReactNode;
  name: string;
  /** Who it is for, under the name. */
  audience: string;
  price: string;
  features: string[];
  /** The plan's highlight (Premium). */
  ribbon?: string;
  premium?: boolean;
  /** The account's plan now: marked, with this label. */
  currentLabel?: string;
  children?: ReactNode;
}

/** One plan as a label beside the works: its name, price, what it gives, and what can be done here. */
export function PlanCard({ art, name, audience, price, features, ribbon, premium = false, currentLabel, children }: PlanCardProps) {
  const id = useId();
  return (
    <li className={[styles.plan, premium && styles.premium, currentLabel && styles.current].filter(Boolean).join(' ')} aria-labelledby={id}>
      {ribbon && <span className={styles.ribbon}>{ribbon}</span>}
      <div className={styles.planHead}>
        {art}
        <div>
          <h2 id={id} className={styles.planName}>
            {name}
          </h2>
          <p className={styles.planFor}>{audience}</p>
        </div>
      </div>
      <p className={styles.price}>{price}</p>
      {currentLabel && <span className={styles.yours}>{currentLabel}</span>}
      <ul className={styles.features}>
        {features.map((feature) => (
          <li key={feature}>
            <span className={styles.tick} aria-hidden="true">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      {children && <div className={styles.action}>{children}</div>}
    </li>
  );
}
