// Types for scripts/lib.mjs, which the TypeScript scripts and benches import too.
import type { SpawnOptions } from 'node:child_process';

export function run(cmd: string, args: string[], opts?: SpawnOptions): Promise<void>;
/** True when `output` is missing or older than any of `inputs` (files or folders). */
export function isStale(output: string, inputs: readonly string[]): boolean;
/** What the PWA's build reads: `dist/` is stale when any of these is newer than it. */
export const WEB_INPUTS: readonly string[];
