import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { reportRenderFailure } from './reportRenderFailure';
import { screenFor } from './screenRegistry';

interface State {
  error: Error | null;
}

/**
 * Catches render failures of a screen, reports them to the error-report endpoint and shows the
 * error-500 page content (shell §8 'Render failure'), whose button lets the user report too.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
    reportRenderFailure(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const errorPage = screenFor('error.500');
    const ErrorPage = errorPage.loaded() ?? errorPage.component;
    const route = { path: window.location.pathname, layout: 'app' as const, guard: null };
    return (
      <Suspense fallback={null}>
        <ErrorPage route={route} params={{}} props={{ errorReason: String(this.state.error.message) }} />
      </Suspense>
    );
  }
}
