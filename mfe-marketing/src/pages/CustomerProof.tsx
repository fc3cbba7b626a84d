// The landing page's customer logo strip and testimonial (spec 001 §1, §2). Each mark is an inline
// SVG emblem beside the church's name as text (nothing loaded from elsewhere, nothing clipped, read
// aloud as a list of names); the strip wraps onto more lines on a narrow screen instead of scrolling.
import styled from 'styled-components';
import { Section, SectionLead, SectionTitle } from './marketing.styles.ts';

type Emblem = 'cross' | 'dove' | 'flame' | 'book' | 'hill' | 'wave';

/** Churches shown in the strip (sample customers of this demo product). */
export const CUSTOMER_LOGOS: readonly { name: string; place: string; emblem: Emblem }[] = [
  { name: 'Grace Community Church', place: 'Springfield', emblem: 'cross' },
  { name: 'Hope Chapel', place: 'Riverside', emblem: 'dove' },
  { name: 'New Life Fellowship', place: 'Oak Grove', emblem: 'flame' },
  { name: 'Cornerstone Baptist', place: 'Fairview', emblem: 'book' },
  { name: 'Mount Zion Church', place: 'Greenville', emblem: 'hill' },
  { name: 'Living Water Church', place: 'Lakeside', emblem: 'wave' },
];

export const TESTIMONIAL = {
  quote:
    'On Monday morning our small-group leaders already have the outline and the five devotionals from Sunday’s sermon. Our members tell us they finally keep reading through the week — and our staff got back the hours they used to spend writing study notes.',
  name: 'Pastor Daniel Okafor',
  role: 'Lead Pastor, Grace Community Church',
} as const;

const EMBLEM_PATHS: Record<Emblem, string> = {
  cross: 'M13 4h6v8h8v6h-8v14h-6V18H5v-6h8z',
  dove: 'M4 20c6 0 9-3 11-8 1 4 4 6 9 6l4-4-1 6c-2 6-8 9-15 9-3 0-6-1-8-3 3 0 5-1 6-3-2 0-4-1-6-3z',
  flame: 'M16 3c2 5 8 8 8 16a8 8 0 0 1-16 0c0-4 2-6 4-8 0 3 1 5 3 6-1-5 0-10 1-14z',
  book: 'M4 7c4-2 8-2 11 0v19c-3-2-7-2-11 0zm13 0c3-2 7-2 11 0v19c-4-2-8-2-11 0z',
  hill: 'M2 28 12 12l5 7 4-5 9 14z',
  wave: 'M2 18c4-4 8-4 12 0s8 4 12 0l4-2v6l-4 2c-4 4-8 4-12 0s-8-4-12 0z',
};

const Strip = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 1.25rem 2.5rem;
  color: ${({ theme }) => theme.colors.inkMuted};
  li { display: flex; align-items: center; gap: 0.6rem; min-width: 0; }
  svg { flex: 0 0 auto; width: 30px; height: 30px; }
  strong { display: block; font-family: Georgia, 'Times New Roman', serif; font-size: 1.02rem; color: ${({ theme }) => theme.colors.ink}; line-height: 1.2; }
  small { display: block; font-size: 0.72rem; letter-spacing: 0.12em; text-transform: uppercase; }
`;

/** A church's wordmark: its emblem (decorative) and its name as text, so it never clips and reads aloud. */
function LogoMark({ name, place, emblem }: { name: string; place: string; emblem: Emblem }) {
  return (
    <>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d={EMBLEM_PATHS[emblem]} fill="currentColor" />
      </svg>
      <span>
        <strong>{name}</strong>
        <small>{place}</small>
      </span>
    </>
  );
}

const Quote = styled.figure`
  max-width: 760px;
  margin: 3rem auto 0;
  padding: 2rem 2rem 1.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  @media (max-width: 520px) { padding: 1.5rem 1.25rem 1.25rem; }
  blockquote {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: 1.25rem;
    line-height: 1.55;
    color: ${({ theme }) => theme.colors.ink};
  }
  figcaption { margin-top: 1.1rem; color: ${({ theme }) => theme.colors.inkMuted}; }
  figcaption strong { display: block; color: ${({ theme }) => theme.colors.ink}; }
`;

export function CustomerProof() {
  return (
    <Section aria-labelledby="customers-title">
      <SectionTitle id="customers-title">Trusted by churches of every size</SectionTitle>
      <SectionLead>Congregations prepare their week with Lectern.</SectionLead>
      <Strip aria-label="Churches using Lectern">
        {CUSTOMER_LOGOS.map((logo) => (
          <li key={logo.name}>
            <LogoMark {...logo} />
          </li>
        ))}
      </Strip>
      <Quote>
        <blockquote>
          <p>“{TESTIMONIAL.quote}”</p>
        </blockquote>
        <figcaption>
          <strong>{TESTIMONIAL.name}</strong>
          {TESTIMONIAL.role}
        </figcaption>
      </Quote>
    </Section>
  );
}
