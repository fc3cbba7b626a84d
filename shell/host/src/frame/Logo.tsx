// The logo: an image fetched from the origin; if it cannot be fetched, the initials (spec 000 §2).
import { useState } from 'react';
import styled from 'styled-components';
import logoUrl from '../assets/lectern-logo.svg';

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.accentSoft};
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: 0.85rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  flex: none;
`;

const Image = styled.img`
  width: 32px;
  height: 32px;
  border-radius: 8px;
  flex: none;
`;

/** Up to two initials: "Grace Community Church" → "GC", "Lectern" → "L". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join('') || '?';
}

export function Logo({ name, src = logoUrl }: { name: string; src?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Mark data-testid="logo-initials" aria-hidden="true">{initialsOf(name)}</Mark>;
  return <Image src={src} alt="" aria-hidden="true" onError={() => setFailed(true)} />;
}
