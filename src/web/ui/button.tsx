import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dangerOutline';

interface Look {
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'medium', block = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size !== 'medium' && styles[size], block && styles.block, extra].filter(Boolean).join(' ');
}

export type ButtonProps = Look & ButtonHTMLAttributes<HTMLButtonElement>;

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

interface LinkButtonProps extends Look {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({ href, children, className, onClick, ...look }: LinkButtonProps) {
  return (
    <Link href={href} className={buttonClass(look, className)} onClick={onClick}>
      {children}
    </Link>
  );
}
