// Slot of the Email Integrations (SMTP) section. Owned by the communications issue (#9): the
// SendGrid SMTP list ('Add Email Integration', /settings/email-integrations/{id}) replaces this body.
import { NotYetAvailable } from '@lectern/shell-kit';

export function EmailIntegrationsSection() {
  return <NotYetAvailable feature="Email integrations (SMTP)" />;
}
