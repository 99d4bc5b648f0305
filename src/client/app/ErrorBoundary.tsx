/** Catches a render or chunk-load failure so the user gets a way out instead of a blank page. */
import { Component, type ReactNode } from 'react';
import { CLIENT_ERRORS } from '../../shared/messages.ts';
import { Button } from '../components/Button.tsx';
import { EmptyStateFrame } from './EmptyStateFrame.tsx';

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EmptyStateFrame title={CLIENT_ERRORS.generic} text="The page could not be shown.">
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </EmptyStateFrame>
    );
  }
}
