import { Link } from 'react-router-dom';
import { NotYetAvailable, PageContainer, PageTitle, Lead, Panel } from '@lectern/shell-kit';

export function RssMigrationPage() {
  return (
    <PageContainer>
      <Link to="/">← Back to Console</Link>
      <PageTitle style={{ marginTop: '1rem' }}>RSS Migration</PageTitle>
      <Lead>Queue an organisation's feed videos as sermon records and process them one after another.</Lead>
      <Panel title="A migration may take several hours">
        <p>Each video goes through the full sermon pipeline; about 5 minutes per video.</p>
      </Panel>
      <div style={{ marginTop: '1rem' }}>
        <NotYetAvailable feature="RSS migration">
          <p>Setting up and running a migration arrives with the migration service.</p>
        </NotYetAvailable>
      </div>
    </PageContainer>
  );
}
