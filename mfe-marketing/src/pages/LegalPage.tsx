import { NotYetAvailable, PageContainer, PageTitle, Lead } from '@lectern/shell-kit';

export function LegalPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      <Lead>Last updated: July 29, 2025</Lead>
      <NotYetAvailable feature={`The full ${title}`}>
        <p>The full text will be published here before sign-up opens.</p>
      </NotYetAvailable>
    </PageContainer>
  );
}
