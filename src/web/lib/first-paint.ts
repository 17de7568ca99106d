/**
 * Resolves once the page's first content is on screen (the first-contentful-paint entry), at once when
 * that has already happened. Work that the first view does not need (the service worker, a form's logic)
 * starts here, so it never competes with that view for the network. A page opened in the background
 * paints nothing until it is shown: after `timeoutMs` it resolves anyway.
 */
export function afterFirstPaint(timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length) return resolve();
    const timer = window.setTimeout(done, timeoutMs);
    let observer: PerformanceObserver | null = null;
    function done() {
      window.clearTimeout(timer);
      observer?.disconnect();
      resolve();
    }
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the timeout decides.
    }
  });
}

/**
 * Resolves when the main thread is next idle (requestIdleCallback), after `timeoutMs` at the latest; where the
 * browser has no idle callbacks (Safari), after a short pause. Work that can wait for it runs as its own task,
 * not merged into the first view's renders.
 */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else window.setTimeout(resolve, 200);
  });
}
