import { NotYetAvailable } from '@lectern/shell-kit';

export function IntegrationsSection() {
  return <NotYetAvailable feature="Integrations" />;
}
