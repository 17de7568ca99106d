/** The API bench's ceiling: bare node:http answering the recorded bytes and headers of the real server's answer. */
import { createServer } from 'node:http';

const answer = JSON.parse(process.env.BARE_ANSWER ?? '{}') as { status?: number; headers?: [string, string][]; body?: string };
const body = Buffer.from(answer.body ?? '', 'base64');
const headers = (answer.headers ?? []).filter(([name]) => name.toLowerCase() !== 'content-length');
const server = createServer((req, res) => {
  req.resume();
  for (const [name, value] of headers) res.appendHeader(name, value);
  res.setHeader('Content-Length', body.length);
  res.writeHead(answer.status ?? 200);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BARE_PORT ?? 3331), '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
