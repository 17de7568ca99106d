/**
 * The API bench's load generator, run as its own process pinned to its own core (api.bench.ts starts it under
 * taskset): autocannon with the plan in BENCH_LOAD (JSON), the figures as JSON on stdout.
 *   {mode: 'get', url, headers, connections, seconds, expect?}: one call, again and again; every answer's status is
 *   counted, and one other than `expect` (any 2xx when absent; 304 for a revalidation) is `unexpected`;
 *   {mode: 'mixed', …}: 80 % gallery pages (half of them with a child token), 15 % likes and unlikes, 5 % uploads,
 *   each connection drawing the kind of every request anew, so the three kinds share the same connections under
 *   the same combined load. Latency per kind: autocannon's own per-request time (the `response` event of each
 *   client, from `setupClient`, which it also puts into its histogram), filed under the kind that the request's
 *   `onResponse` has just named (autocannon calls the two one after the other, synchronously, for each answer).
 */
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';

export interface GetPlan {
  mode: 'get';
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** The status every answer should have (304 for a revalidation); any 2xx when absent. */
  expect?: number;
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
  /** Each request's chances of being a like or unlike, and an upload (the rest are pages): 0.15 and 0.05. */
  shares?: { likes: number; uploads: number };
}

export interface LoadResult {
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  total: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  /** Answers whose status is not the expected one (GetPlan.expect, else any 2xx; in the mixed load any 2xx). */
  unexpected: number;
  /** Answers per status (get), or per kind and status (mixed). */
  statuses: Record<string, Record<string, number>>;
  /** Mixed load: latency per kind of request (likes with unlikes), in ms. */
  kinds?: Record<KindGroup, KindFigures>;
}

export interface KindFigures {
  total: number;
  p50_ms: number;
  p99_ms: number;
  unexpected: number;
}

type Kind = 'browse' | 'like' | 'unlike' | 'upload';
export type KindGroup = 'pages' | 'likes' | 'uploads';
const GROUP: Record<Kind, KindGroup> = { browse: 'pages', like: 'likes', unlike: 'likes', upload: 'uploads' };

/** Nearest-rank percentile of sorted values, to 0.1 ms. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const v = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return Math.round(v * 10) / 10;
}

const ok = (status: number, expect?: number) => (expect === undefined ? status >= 200 && status < 300 : status === expect);

function multipart(jpeg: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `${field('title', 'Bench upload')}${field('description', 'Mixed load')}${field('is_public', 'true')}--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="bench.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The kind of the answer being handled: set by onResponse, read by the client's `response` event right after. */
let answered: Kind = 'browse';

function mixedRequests(plan: MixedPlan, statuses: Record<string, Record<string, number>>): autocannon.Request[] {
  const upload = multipart(Buffer.from(plan.jpeg, 'base64'));
  let uploads = 0;
  // Likes and unlikes take turns; an unlike takes back the oldest like still standing, so likes stay balanced.
  const standing: { id: number; token: string }[] = [];
  let turn = 0;
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const { likes, uploads: uploadShare } = plan.shares ?? { likes: 0.15, uploads: 0.05 };
  return [
    {
      setupRequest: (req, context) => {
        const ctx = context as { kind?: Kind };
        const r = Math.random();
        if (r < likes) {
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
        if (r < likes + uploadShare) {
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
        answered = kind;
        const byStatus = (statuses[kind] ??= {});
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      },
    },
  ];
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.env.BENCH_LOAD ?? '{}') as GetPlan | MixedPlan;
  const statuses: Record<string, Record<string, number>> = {};
  const times: Record<KindGroup, number[]> = { pages: [], likes: [], uploads: [] };
  const missed: Record<KindGroup, number> = { pages: 0, likes: 0, uploads: 0 };
  let unexpected = 0;
  const options: autocannon.Options =
    plan.mode === 'get'
      ? {
          url: plan.url,
          connections: plan.connections,
          duration: plan.seconds,
          headers: plan.headers,
          setupClient: (client) => {
            client.on('response', (status: number) => {
              const byStatus = (statuses.all ??= {});
              byStatus[status] = (byStatus[status] ?? 0) + 1;
              if (!ok(status, plan.expect)) unexpected += 1;
            });
          },
        }
      : {
          url: plan.url,
          connections: plan.connections,
          duration: plan.seconds,
          requests: mixedRequests(plan, statuses),
          setupClient: (client) => {
            client.on('response', (status: number, _bytes: number, ms: number) => {
              const group = GROUP[answered];
              times[group].push(ms);
              if (!ok(status)) {
                missed[group] += 1;
                unexpected += 1;
              }
            });
          },
        };
  const result = await autocannon(options);
  let kinds: Record<KindGroup, KindFigures> | undefined;
  if (plan.mode === 'mixed') {
    kinds = { pages: figures('pages'), likes: figures('likes'), uploads: figures('uploads') };
  }
  function figures(group: KindGroup): KindFigures {
    const sorted = times[group].sort((a, b) => a - b);
    return { total: sorted.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99), unexpected: missed[group] };
  }
  const out: LoadResult = {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non_2xx: result.non2xx,
    unexpected,
    statuses,
    ...(kinds ? { kinds } : {}),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

void main();
