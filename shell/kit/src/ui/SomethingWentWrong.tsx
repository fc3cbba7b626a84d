import { ErrorPanel } from './ErrorPanel.tsx';
import { PageContainer } from './Card.tsx';

/** What an area shows when its own code crashed (its error boundary); spec's generic error text. */
export function SomethingWentWrong({ onRetry }: { onRetry?: () => void }) {
  return (
    <PageContainer>
      <ErrorPanel
        title="Something went wrong"
        message="Something went wrong. Please refresh the page or contact support if the issue persists."
        onRetry={onRetry ?? (() => window.location.reload())}
        retryLabel="Refresh the page"
      />
    </PageContainer>
  );
}
