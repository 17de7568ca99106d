/**
 * The attacking client of attack.bench.ts, run in its own process: pushing gigabytes of request bodies
 * costs its event loop seconds, and the other family's requests that the bench times must not wait
 * behind that in the same process. Usage: `node --import tsx e2e/perf/attacker.ts '<json spec>'`.
 * Prints `ready` once its payloads are built, then one JSON line: how each request ended, the rounds
 * and the time taken. A round is repeated until `minMs` have passed, at most `maxRounds` times, so that
 * a quickly refused attack still lasts long enough to be measured against.
 */
import sharp from 'sharp';

export type AttackName = 'memory' | 'cpu' | 'fields';

export interface AttackSpec {
  attack: AttackName;
  url: string;
  token: string;
  minMs: number;
  maxRounds: number;
}

export interface AttackResult {
  outcomes: string[];
  rounds: number;
  duration_ms: number;
  payload: string;
}

const REQUEST_TIMEOUT_MS = 120_000;

/** How a request ended: its HTTP status, or the error when the connection closed before an answer was read. */
async function outcome(send: () => Promise<Response>): Promise<string> {
  try {
    const res = await send();
    await res.arrayBuffer().catch(() => undefined);
    return String(res.status);
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return `closed (${cause?.code ?? (err as Error).name})`;
  }
}

function workForm(files: Blob[]): FormData {
  const form = new FormData();
  form.set('title', 'Attack');
  for (const [i, f] of files.entries()) form.append('images', f, `photo-${i}.png`);
  return form;
}

/** The payload and one round of the attack. */
async function prepare(spec: AttackSpec): Promise<{ payload: string; round: () => Promise<string[]> }> {
  const post =
    (body: BodyInit, headers: Record<string, string> = {}) =>
    () =>
      fetch(`${spec.url}/api/artworks/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${spec.token}`, ...headers },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });

  if (spec.attack === 'memory') {
    // 15 MB less a little, so that each file is within the limit and only the quota can refuse it.
    const bytes = Buffer.alloc(15 * 1024 * 1024 - 4096, 0x41);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    const file = new Blob([bytes], { type: 'image/png' });
    return {
      payload: '40 concurrent POST /api/artworks/ of 5 × 15 MB',
      round: () => Promise.all(Array.from({ length: 40 }, () => outcome(post(workForm([file, file, file, file, file]))))),
    };
  }
  if (spec.attack === 'cpu') {
    const png = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3366cc' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const file = new Blob([new Uint8Array(png)], { type: 'image/png' });
    return {
      payload: `10 concurrent POST /api/artworks/ of 5 single-colour 7000 × 7000 PNGs (${Math.round(png.length / 1000)} KB each)`,
      round: () => Promise.all(Array.from({ length: 10 }, () => outcome(post(workForm([file, file, file, file, file]))))),
    };
  }
  const boundary = 'bench-fields';
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\n1\r\n`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nFields\r\n${field.repeat(1_000_000)}--${boundary}--\r\n`,
  );
  return {
    payload: `one POST /api/artworks/ of 1,000,000 fields (${Math.round(body.length / 1e6)} MB)`,
    round: async () => [await outcome(post(body, { 'Content-Type': `multipart/form-data; boundary=${boundary}` }))],
  };
}

const spec = JSON.parse(process.argv[2] ?? '{}') as AttackSpec;
const { payload, round } = await prepare(spec);
process.stdout.write('ready\n');
const started = performance.now();
const outcomes: string[] = [];
let rounds = 0;
while (rounds < spec.maxRounds && (rounds === 0 || performance.now() - started < spec.minMs)) {
  outcomes.push(...(await round()));
  rounds += 1;
}
const result: AttackResult = { outcomes, rounds, duration_ms: Math.round(performance.now() - started), payload };
process.stdout.write(`${JSON.stringify(result)}\n`);
