import { Component } from 'react';
import type { ReactNode } from 'react';
import { ErrorPanel } from '@lectern/shell-kit';

/** The sermon page's generic error panel when rendering fails (spec 000 §2). */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('sermon page failed to render', error);
  }

  override render(): ReactNode {
    if (this.state.failed)
      return (
        <ErrorPanel
          title="Something went wrong"
          message="Something went wrong. Please refresh the page or contact support if the issue persists."
          onRetry={() => window.location.reload()}
          retryLabel="Refresh the page"
        />
      );
    return this.props.children;
  }
}
