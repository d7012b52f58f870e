import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '@/views/components/link';
import { button, type ButtonVariants } from '@/views/layout/button.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

export function Button({ tone, size, block, className, type = 'button', ...rest }: Props) {
  const classes = [button({ tone, size, block }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** A link styled as a button, for navigation that reads as an action. */
export function ButtonLink({ tone, size, block, className, ...rest }: LinkProps & ButtonVariants) {
  const classes = [button({ tone, size, block }), className].filter(Boolean).join(' ');
  return <Link className={classes} {...rest} />;
}
