// Starts the production server for the Playwright journeys on a fresh data directory with demo data.
import { rmSync } from 'node:fs';

import { run } from './lib.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { NODE_ENV: 'production', ...process.env } });
