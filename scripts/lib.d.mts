// Types for scripts/lib.mjs, which the TypeScript scripts and benches import too.
import type { SpawnOptions } from 'node:child_process';

export function run(cmd: string, args: string[], opts?: SpawnOptions): Promise<void>;
/** True when `output` is missing or older than any of `inputs` (files or folders). */
export function isStale(output: string, inputs: readonly string[]): boolean;
/** What the PWA's build reads: `dist/` is stale when any of these is newer than it. */
export const WEB_INPUTS: readonly string[];
/** The compiled API server, out/server/main.js (vite.server.config.ts). */
export const SERVER_ENTRY: string;
/** What the server's build reads: out/server/main.js is stale when any of these is newer than it. */
export const SERVER_INPUTS: readonly string[];
/** Compiles the server (`npm run build:server`) when out/server/main.js is missing or stale. */
export function buildServerIfStale(): Promise<void>;
/** Runs the compiled server in the foreground, passing SIGTERM and SIGINT on; resolves with its exit code. */
export function runServer(opts?: SpawnOptions): Promise<number>;
/** A TCP port that is free on 127.0.0.1 now (the ops scripts start servers on it). */
export function freePort(): Promise<number>;
