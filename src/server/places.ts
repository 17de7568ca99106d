/**
 * A fixed number of places, taken in arrival order: the one queue behind an instance's image jobs
 * (adapters/images.ts), the uploads it works at once and each account's uploads (domain/uploads.ts).
 * A place given back passes straight to the first in line, so a newcomer never overtakes anyone waiting.
 * The count lives in this process on purpose: what the places protect is this process's CPU, memory
 * and connections, and a crash frees them together with what held them.
 */
export class Places {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Held or waited for: false when nothing would be lost by dropping this object. */
  get busy(): boolean {
    return this.#running > 0;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * A place, waiting in line for one: the function that gives it back (later calls of it do nothing), or null when
   * `waitMs` ran out first.
   */
  async take(waitMs = Infinity): Promise<(() => void) | null> {
    if (this.#running < this.size) this.#running += 1;
    else if (!(await this.#queue(waitMs))) return null;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    };
  }

  /** Runs `job` in a place, waiting in line for one as long as it takes. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    const release = (await this.take())!;
    try {
      return await job();
    } finally {
      release();
    }
  }

  /** Waits for a place handed over by release (true), or for `waitMs` (false, out of the line). */
  #queue(waitMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        if (timer) clearTimeout(timer);
        resolve(true);
      };
      const timer =
        waitMs === Infinity
          ? undefined
          : setTimeout(() => {
              this.#waiting.splice(this.#waiting.indexOf(wake), 1);
              resolve(false);
            }, waitMs);
      timer?.unref();
      this.#waiting.push(wake);
    });
  }
}
