import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

import styles from './error-boundary.module.css';
import { ChunkLoadError } from '../lib/lazy-page';

interface State {
  error: unknown;
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const record = error as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof record.status === 'number') {
      return [record.status, typeof record.statusText === 'string' ? record.statusText : ''].join(' ').trim();
    }
    if (typeof record.message === 'string' && record.message) return record.message;
  }
  return String(error);
}

function ChunkMessage({ error }: { error: ChunkLoadError }) {
  const { chunk, failure } = error;
  return (
    <Trans>
      Loading chunk {chunk} failed. ({failure})
    </Trans>
  );
}

/** An uncaught render error shows "Unexpected Application Error!" with its status or message. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className={styles.screen} role="alert">
        <h1 className={styles.title}>
          <Trans context="heading">Unexpected Application Error!</Trans>
        </h1>
        <pre className={styles.detail}>
          {this.state.error instanceof ChunkLoadError ? <ChunkMessage error={this.state.error} /> : describe(this.state.error)}
        </pre>
        {this.state.error instanceof ChunkLoadError && (
          <button type="button" className={styles.home} onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </button>
        )}
        <a href="/" className={styles.home}>
          <Trans>Back to the top page</Trans>
        </a>
      </div>
    );
  }
}
