// The three static legal pages (spec 001 §2), each 'Last updated: July 29, 2025'.
import styled from 'styled-components';
import { PageContainer, PageTitle, Lead } from '@lectern/shell-kit';
import { LAST_UPDATED, type LegalSection } from '../legal/legal.texts.ts';

const Body = styled.article`
  max-width: 760px;
  h2 { font-size: 1.15rem; margin: 1.75rem 0 0.5rem; }
  p { line-height: 1.6; }
`;

export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      <Lead>{LAST_UPDATED}</Lead>
      <Body>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </section>
        ))}
      </Body>
    </PageContainer>
  );
}
