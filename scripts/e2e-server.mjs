// Starts the production server (compiled) for the Playwright journeys on a fresh data directory with demo data.
import { rmSync } from 'node:fs';

import { buildServerIfStale, runServer } from './lib.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
// The compiled server, as in production (`npm start`).
await buildServerIfStale();
process.exitCode = await runServer();
