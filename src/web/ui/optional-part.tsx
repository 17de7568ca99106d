import { Component, Suspense, type ReactNode } from 'react';

/**
 * A part of the layout or a page loaded on demand (the menu, the Toaster, the upload panel, the film strip): nothing shows while
 * its chunk loads, and a chunk that cannot be loaded (offline before it was cached, an old tab after a
 * deploy) leaves the part out instead of taking the page down with it.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded', error);
  }

  render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
