/**
 * `npm run bench`, the API part: requests per second of the calls a family makes most, on the embedded database,
 * with autocannon (10 connections, 10 s each, after a 3 s warm-up). Every authenticated call checks its login
 * session in the database (issue 9, finding 3: logout, replay and deletion end a session on every instance), so
 * these figures are the price of that check beside the anonymous public wall. Informational: no target yet.
 * Writes reports/bench-api.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

import autocannon from 'autocannon';

import { startApiServer } from './support';

const PORT = Number(process.env.BENCH_API_PORT ?? 3330);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);

interface Figure {
  call: string;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non_2xx: number;
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(call: string, url: string, token: string | null, seconds: number): Promise<Figure> {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    call,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors,
    non_2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const api = await startApiServer(PORT, { demo: true });
  try {
    const parent = await post<{ access: string }>(`${api.url}/api/login/`, { email: 'demo@example.com', password: 'Demo1234' });
    const child = await post<{ access: string }>(`${api.url}/api/profile/login/`, { username: 'sora' }, parent.access);
    await measure('warm-up', `${api.url}/api/artworks/family-gallery/`, child.access, 3);
    const figures = [
      await measure('GET /api/artworks/ (anonymous, public wall)', `${api.url}/api/artworks/`, null, SECONDS),
      await measure('GET /api/artworks/family-gallery/ (child token)', `${api.url}/api/artworks/family-gallery/`, child.access, SECONDS),
      await measure('GET /api/user/me/ (child token: the session check alone)', `${api.url}/api/user/me/`, child.access, SECONDS),
    ];
    console.table(figures);
    mkdirSync('reports', { recursive: true });
    writeFileSync(
      'reports/bench-api.json',
      JSON.stringify({ at: new Date().toISOString(), connections: 10, seconds: SECONDS, figures }, null, 2),
    );
    if (figures.some((f) => f.errors > 0 || f.non_2xx > 0)) {
      console.error('FAIL: some requests did not succeed');
      process.exitCode = 1;
    }
  } finally {
    await api.stop();
  }
}

void main();
