/** Buttons and button-styled links: one look for every action. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return [styles.button, styles[variant], styles[size], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
}

/** A real <button>; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({ variant, size, type = 'button', className, ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
  className?: string;
  'aria-label'?: string;
}

export function ButtonLink({ href, variant, size, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link href={href} className={buttonClass(variant, size, className)} {...rest}>
      {children}
    </Link>
  );
}

/** A button-styled link that leaves the app for the server (a full page load, not a route of ours). */
export function ExternalButtonLink({ href, variant, size, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a href={href} className={buttonClass(variant, size, className)} {...rest}>
      {children}
    </a>
  );
}

export interface NavButtonProps extends ButtonProps {
  to: string;
}

/** A button that opens another screen: for the actions product.md names buttons (Create Account, Edit Ticket). */
export function NavButton({ to, ...rest }: NavButtonProps) {
  const [, navigate] = useLocation();
  return <Button {...rest} onClick={() => navigate(to)} />;
}
