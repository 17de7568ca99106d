/**
 * Stopping without cutting anybody off (main.ts, on SIGTERM or SIGINT): the server stops accepting connections and
 * closes the idle ones; requests under way (an upload still arriving among them) get up to the grace period
 * (SHUTDOWN_GRACE_MS) to finish, and their answers, like those to any request that still comes on a kept-alive
 * connection, carry `Connection: close`, so that each connection closes after its answer. What is still open when the
 * grace period ends is cut. The timers' work (sweeps, purges) is waited for the same way, before the database closes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Drain {
  /** Requests whose answers have not finished. */
  inFlight(): number;
  /** Stops accepting connections; resolves when every request has finished, or when `graceMs` has passed. */
  close(graceMs: number): Promise<{ cut: number }>;
}

let shuttingDown = false;

/** True once this process has begun to drain (GET /api/health/ can answer 503 then, so a load balancer moves on). */
export function isDraining(): boolean {
  return shuttingDown;
}

/** Follows the server's requests from now on (call it before the server listens). */
export function drainable(server: Server): Drain {
  const open = new Set<ServerResponse>();
  let draining = false;
  let settle: (() => void) | undefined;
  // Before the app's own listener, so that the header is set before any answer is written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (draining && open.size === 0) settle?.();
    });
  });
  return {
    inFlight: () => open.size,
    close(graceMs) {
      draining = true;
      shuttingDown = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Stops listening and closes the kept-alive connections that have no request under way.
      server.close();
      return new Promise((resolve) => {
        let ended = false;
        const done = () => {
          if (ended) return;
          ended = true;
          clearTimeout(timer);
          const cut = open.size;
          // Whatever is left: connections still busy after the grace period, or idle ones that the close above missed.
          server.closeAllConnections();
          resolve({ cut });
        };
        const timer = setTimeout(done, graceMs);
        settle = done;
        if (open.size === 0) done();
      });
    },
  };
}

/** Background work started by timers (sweeps, purges), so that shutting down can wait for what is running. */
export function backgroundWork() {
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const run = (task: () => Promise<unknown>) => {
    if (stopped) return;
    const p = task().finally(() => running.delete(p));
    running.add(p);
  };
  return {
    /** Runs `task` now. */
    run,
    /** Runs `task` every `ms` (the timer does not keep the process alive). */
    every(ms: number, task: () => Promise<unknown>) {
      timers.push(setInterval(() => run(task), ms).unref());
    },
    /** No more runs; resolves when the running ones have ended, or after `ms`. */
    async stop(ms: number): Promise<void> {
      stopped = true;
      timers.forEach(clearInterval);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
      await Promise.race([Promise.allSettled([...running]), late]);
      clearTimeout(timer);
    },
  };
}
