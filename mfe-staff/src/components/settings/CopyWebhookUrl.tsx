import styled from 'styled-components';
import { Button, showToast } from '@lectern/shell-kit';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  code {
    overflow-wrap: anywhere;
    font-size: 0.85rem;
    background: ${({ theme }) => theme.colors.page};
    padding: 0.2em 0.4em;
    border-radius: 4px;
    min-width: 0;
  }
`;

/** SendGrid's event webhook URL for this integration, with a copy button ('Webhook URL copied!'). */
export function CopyWebhookUrl({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ kind: 'success', title: 'Webhook URL copied!' });
    } catch {
      showToast({ kind: 'error', title: 'Could not copy; select the URL and copy it by hand.' });
    }
  };
  return (
    <Line>
      <span>Event webhook URL:</span>
      <code data-testid="webhook-url">{url}</code>
      <Button type="button" $variant="secondary" onClick={() => void copy()}>
        Copy
      </Button>
    </Line>
  );
}
