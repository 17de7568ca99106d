/**
 * The API bench's load generator, run as its own process pinned to its own core (api.bench.ts starts it under
 * taskset): autocannon with the plan in BENCH_LOAD (JSON), the figures as JSON on stdout.
 *   {mode: 'get', url, headers, connections, seconds}: one call, again and again;
 *   {mode: 'mixed', …}: 80 % gallery pages (half of them with a child token), 15 % likes and unlikes, 5 % uploads.
 */
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';

export interface GetPlan {
  mode: 'get';
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface MixedPlan {
  mode: 'mixed';
  url: string;
  connections: number;
  seconds: number;
  /** Child tokens that browse and like. */
  tokens: string[];
  /** Child tokens of accounts with room for images (Premium), one per upload in turn. */
  uploadTokens: string[];
  /** Public work ids to like and unlike. */
  likeIds: number[];
  /** A small JPEG, base64. */
  jpeg: string;
  pages: number;
}

export interface LoadResult {
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  total: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  /** Mixed load: answers per kind and status. */
  statuses?: Record<string, Record<string, number>>;
}

type Kind = 'browse' | 'like' | 'unlike' | 'upload';

function multipart(jpeg: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `${field('title', 'Bench upload')}${field('description', 'Mixed load')}${field('is_public', 'true')}--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="bench.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function mixedRequests(plan: MixedPlan, statuses: Record<string, Record<string, number>>): autocannon.Request[] {
  const upload = multipart(Buffer.from(plan.jpeg, 'base64'));
  let uploads = 0;
  // Likes and unlikes take turns; an unlike takes back the oldest like still standing, so likes stay balanced.
  const standing: { id: number; token: string }[] = [];
  let turn = 0;
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
  return [
    {
      setupRequest: (req, context) => {
        const ctx = context as { kind?: Kind };
        const r = Math.random();
        if (r < 0.15) {
          const waiting = turn++ % 2 === 1 ? standing.shift() : undefined;
          if (waiting) {
            ctx.kind = 'unlike';
            return {
              ...req,
              method: 'POST',
              path: `/api/artworks/${waiting.id}/unlike/`,
              headers: { authorization: `Bearer ${waiting.token}` },
              body: undefined,
            };
          }
          const id = pick(plan.likeIds);
          const token = pick(plan.tokens);
          standing.push({ id, token });
          ctx.kind = 'like';
          return {
            ...req,
            method: 'POST',
            path: `/api/artworks/${id}/like/`,
            headers: { authorization: `Bearer ${token}` },
            body: undefined,
          };
        }
        if (r < 0.2) {
          ctx.kind = 'upload';
          const token = plan.uploadTokens[uploads++ % plan.uploadTokens.length]!;
          return {
            ...req,
            method: 'POST',
            path: '/api/artworks/',
            headers: { authorization: `Bearer ${token}`, 'content-type': upload.type, 'idempotency-key': randomUUID() },
            body: upload.body,
          };
        }
        ctx.kind = 'browse';
        const page = 1 + Math.floor(Math.random() * plan.pages);
        const headers: Record<string, string> = Math.random() < 0.5 ? { authorization: `Bearer ${pick(plan.tokens)}` } : {};
        return { ...req, method: 'GET', path: `/api/artworks/?page=${page}`, headers, body: undefined };
      },
      onResponse: (status, _body, context) => {
        const kind = (context as { kind?: Kind }).kind ?? 'browse';
        const byStatus = (statuses[kind] ??= {});
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      },
    },
  ];
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.env.BENCH_LOAD ?? '{}') as GetPlan | MixedPlan;
  const statuses: Record<string, Record<string, number>> = {};
  const options: autocannon.Options =
    plan.mode === 'get'
      ? { url: plan.url, connections: plan.connections, duration: plan.seconds, headers: plan.headers }
      : { url: plan.url, connections: plan.connections, duration: plan.seconds, requests: mixedRequests(plan, statuses) };
  const result = await autocannon(options);
  const out: LoadResult = {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non_2xx: result.non2xx,
    ...(plan.mode === 'mixed' ? { statuses } : {}),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

void main();
