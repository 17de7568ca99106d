// The app for the engine journeys, as scripts/e2e-server.mjs starts it (the compiled server, a fresh data directory,
// demo data), behind a pass-through on the public port that can play a dead network: WebDriver has no offline switch
// (Playwright's is Chromium's DevTools), so while the file OFFLINE_FLAG exists every connection to the app is cut,
// the browser's and its service worker's alike, and navigator.onLine stays true, as on a dead network.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

import { buildServerIfStale, runServer } from '../../scripts/lib.mjs';
import { startPushService } from './push-service.mjs';

const { DATA_DIR: dataDir, OFFLINE_FLAG: flag, PORT: port } = process.env;
if (!dataDir || !flag || !port) throw new Error('DATA_DIR, OFFLINE_FLAG and PORT must be set');
/** The app itself listens on a free port of the loopback that only the pass-through uses. */
const appPort = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(flag, { force: true });

const open = new Set();
const proxy = createServer((client) => {
  if (existsSync(flag)) return client.destroy();
  const app = createConnection({ host: '127.0.0.1', port: appPort });
  const pair = { client, app };
  open.add(pair);
  const close = () => {
    open.delete(pair);
    client.destroy();
    app.destroy();
  };
  client.on('error', close).on('close', close);
  app.on('error', close).on('close', close);
  client.pipe(app);
  app.pipe(client);
});
proxy.listen(Number(port));
// The network dies for connections already open too (keep-alive ones included).
setInterval(() => {
  if (!open.size || !existsSync(flag)) return;
  for (const { client, app } of open) {
    client.destroy();
    app.destroy();
  }
}, 50).unref();

// Firefox's push service (push-service.mjs): the app may send to it, and Firefox is pointed at it (engine.ts's
// pushServicePort reads the port from the file beside the data folder).
const pushPort = await startPushService();
writeFileSync(`${dataDir}.push-port`, String(pushPort));

await buildServerIfStale();
process.exitCode = await runServer({ env: { PORT: String(appPort), PUSH_EXTRA_HOSTS: `127.0.0.1:${pushPort}` } });
proxy.close();
