import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isModifiedClick, navigateTo } from './navigation.ts';

/** A link to another part of Lectern, possibly owned by another MFE. */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event) || rest.target) return;
    event.preventDefault();
    navigateTo(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
