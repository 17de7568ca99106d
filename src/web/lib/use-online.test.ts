/**
 * The app's own idea of being online (./use-online.ts) on a network that hangs instead of failing: a call left
 * unanswered has the probe check the network, and a probe left unanswered counts as offline. Time is faked; fetch is
 * the network, hanging until its signal gives up, or answering as the API does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type UseOnline = typeof import('./use-online');
let online: UseOnline;

/** A network that takes the request and never answers; the request ends only when its signal aborts. */
function hangingNetwork() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

/** A network that works: the navbar's JSON, as the API answers it. */
function workingNetwork() {
  return vi.fn(async () => new Response('{"blog_url":null}', { status: 200, headers: { 'content-type': 'application/json' } }));
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  online = await import('./use-online');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a network that hangs', () => {
  it('a call unanswered for STALL_MS has the probe ask; no answer within PROBE_TIMEOUT_MS is offline, the late answer is back online', async () => {
    const network = hangingNetwork();
    vi.stubGlobal('fetch', network);
    const answered = online.watchCall();
    await vi.advanceTimersByTimeAsync(online.STALL_MS - 1);
    expect(network).not.toHaveBeenCalled();
    expect(online.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(network).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(online.PROBE_TIMEOUT_MS - 1);
    expect(online.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(online.isOnline()).toBe(false);
    // The call itself was never cut: its answer, when it comes, says the network works again.
    online.reportAnswer();
    answered();
    expect(online.isOnline()).toBe(true);
  });

  it('a slow call on a working network stays online (a long upload), and a call answered in time asks nothing', async () => {
    const network = workingNetwork();
    vi.stubGlobal('fetch', network);
    const slow = online.watchCall();
    await vi.advanceTimersByTimeAsync(online.STALL_MS + online.PROBE_TIMEOUT_MS + 1000);
    expect(network).toHaveBeenCalledTimes(1);
    expect(online.isOnline()).toBe(true);
    slow();
    network.mockClear();
    const quick = online.watchCall();
    await vi.advanceTimersByTimeAsync(1000);
    quick();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network).not.toHaveBeenCalled();
  });

  it('any number of stalled calls share one probe, and once offline the probes go on until one is answered', async () => {
    const network = hangingNetwork();
    vi.stubGlobal('fetch', network);
    const calls = [online.watchCall(), online.watchCall(), online.watchCall()];
    await vi.advanceTimersByTimeAsync(online.STALL_MS);
    expect(network).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(online.PROBE_TIMEOUT_MS);
    expect(online.isOnline()).toBe(false);
    // The network comes back: the next probe (3 s after the failure) is answered.
    const back = workingNetwork();
    vi.stubGlobal('fetch', back);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(back).toHaveBeenCalledTimes(1);
    expect(online.isOnline()).toBe(true);
    for (const done of calls) done();
  });

  it('at start, a probe that hangs shows the kept pages as offline after PROBE_TIMEOUT_MS', async () => {
    vi.stubGlobal('fetch', hangingNetwork());
    online.probeAtStart();
    await vi.advanceTimersByTimeAsync(online.PROBE_TIMEOUT_MS - 1);
    expect(online.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(online.isOnline()).toBe(false);
  });
});

/** An answer whose body is a stream that records whether it was read to its end or cancelled. */
function answerWithBody(status: number, contentType: string) {
  const body = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      // Never ends by itself: a body nobody reads or cancels keeps its connection.
      controller.enqueue(new TextEncoder().encode(' '));
    },
    cancel() {
      body.cancelled = true;
    },
  });
  const network = vi.fn(async () => new Response(stream, { status, headers: { 'content-type': contentType } }));
  return { network, body };
}

describe("the probe's answer leaves no request open (issue 28)", () => {
  it.each([
    ['the API answering', 200, 'application/json'],
    ["a captive portal's page", 200, 'text/html'],
    ['an error page', 503, 'text/html'],
    ["a captive portal's 511", 511, 'text/html'],
  ])('%s: the body is cancelled', async (_name, status, contentType) => {
    const { network, body } = answerWithBody(status, contentType);
    vi.stubGlobal('fetch', network);
    online.probeAtStart();
    await vi.advanceTimersByTimeAsync(0);
    expect(network).toHaveBeenCalledTimes(1);
    expect(body.cancelled).toBe(true);
  });

  it("a stalled call's probe and the offline probes cancel theirs too", async () => {
    const answers = [answerWithBody(511, 'text/html'), answerWithBody(200, 'application/json')];
    let next = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: unknown[]) => answers[next++]!.network(...(args as []))),
    );
    const done = online.watchCall();
    await vi.advanceTimersByTimeAsync(online.STALL_MS);
    expect(online.isOnline()).toBe(false);
    expect(answers[0]!.body.cancelled).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(online.isOnline()).toBe(true);
    expect(answers[1]!.body.cancelled).toBe(true);
    done();
  });
});
