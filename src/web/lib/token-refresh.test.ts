/**
 * The token refresh (./http.ts refreshTokens, with the session store ./session.ts) against the real server:
 * the app on PGlite (src/server/test/harness.ts), reached over HTTP at the page's origin. The server rotates
 * refresh tokens and ends the whole login when a spent one comes back, so a refresh sent twice would show.
 */
import { createServer, type AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { childSession, PASSWORD, signupVerified, startTestServer, type TestServer } from '@server/test/harness';
import { setOrigin } from '../test/browser-globals';
import { apiPath, refreshTokens } from './http';
import { KEYS, useSession } from './session';
import { reportAnswer } from './use-online';

let s: TestServer;
let email: string;
/** The paths of the requests the page sent to the server (its fetch, which ky calls). */
let sent: string[] = [];
const refreshesSent = () => sent.filter((path) => path.replace(/\/?$/, '/') === apiPath('tokenRefresh')).length;

beforeAll(async () => {
  // serve() (@hono/node-server) puts its own Request and Response in the globals; the page keeps the ones
  // its fetch answers with, as a browser's would (lib/api-error's isHTTPError checks `instanceof Response`).
  const page = { Request: globalThis.Request, Response: globalThis.Response };
  s = await startTestServer({ seed: false });
  Object.assign(globalThis, page);
  email = (await signupVerified(s)).email;
  const pageFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push(new URL(url, location.href).pathname);
    return pageFetch(input, init);
  };
});

afterAll(async () => {
  await s?.close();
});

beforeEach(() => {
  setOrigin(s.url);
  useSession.getState().clearAll();
  sent = [];
  // Each failed refresh is logged; the assertions say what matters.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  // A network failure marks the app offline and starts probing; the next test starts online.
  reportAnswer();
});

/** A fresh parent login, held by the page as after logging in. */
async function logIn(): Promise<{ access: string; refresh: string }> {
  const login = await s.request(apiPath('login'), { json: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const pair = { access: login.body.access as string, refresh: login.body.refresh as string };
  useSession.getState().setPair('parent', pair);
  return pair;
}

let children = 0;
/** A new child profile chosen from that login (the server's side only). */
async function childLogin(parentAccess: string): Promise<{ access: string; refresh: string }> {
  const child = await childSession(s, parentAccess, `kid${++children}`);
  return { access: child.access, refresh: child.refresh };
}

/** A child profile chosen from that login, held by the page too. */
async function chooseChild(parentAccess: string): Promise<{ access: string; refresh: string }> {
  const pair = await childLogin(parentAccess);
  useSession.getState().setPair('child', pair);
  return pair;
}

/** An address where nothing listens (a port just freed). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function accepted(token: string | null): Promise<boolean> {
  return (await s.request(apiPath('me'), { token: token ?? undefined })).status === 200;
}

describe('refreshTokens', () => {
  it('concurrent callers share one refresh request, and all get the new pair', async () => {
    const old = await logIn();
    const results = await Promise.all([refreshTokens('parent'), refreshTokens('parent'), refreshTokens('parent')]);
    expect(results).toEqual([true, true, true]);
    expect(refreshesSent()).toBe(1);
    const { token, refreshToken } = useSession.getState();
    expect(token).not.toBe(old.access);
    expect(refreshToken).not.toBe(old.refresh);
    // Rotated once: a second use of the old refresh token would have ended the login.
    expect(await accepted(token)).toBe(true);
    // Mirrored for the next page load.
    expect(localStorage.getItem(KEYS.token)).toBe(token);
    expect(localStorage.getItem(KEYS.refreshToken)).toBe(refreshToken);
  });

  it('a later refresh, once the shared one is over, sends its own request with the new refresh token', async () => {
    await logIn();
    expect(await refreshTokens('parent')).toBe(true);
    const second = useSession.getState().refreshToken;
    expect(await refreshTokens('parent')).toBe(true);
    expect(refreshesSent()).toBe(2);
    expect(useSession.getState().refreshToken).not.toBe(second);
    expect(await accepted(useSession.getState().token)).toBe(true);
  });

  it('the parent and the child pair refresh separately, each once', async () => {
    const parent = await logIn();
    const child = await chooseChild(parent.access);
    const results = await Promise.all([refreshTokens('parent'), refreshTokens('child'), refreshTokens('child'), refreshTokens('parent')]);
    expect(results).toEqual([true, true, true, true]);
    expect(refreshesSent()).toBe(2);
    const state = useSession.getState();
    expect(state.childRefreshToken).not.toBe(child.refresh);
    expect(state.refreshToken).not.toBe(parent.refresh);
    expect(await accepted(state.token)).toBe(true);
    expect(await accepted(state.childToken)).toBe(true);
  });

  it('a refused child refresh ends the child session only', async () => {
    const parent = await logIn();
    const child = await chooseChild(parent.access);
    // Someone else spent the child's refresh token: the server refuses it (and ends that child login).
    expect((await s.request(apiPath('tokenRefresh'), { json: { refresh: child.refresh } })).status).toBe(200);
    expect(await refreshTokens('child')).toBe(false);
    const state = useSession.getState();
    expect(state.childToken).toBeNull();
    expect(state.childRefreshToken).toBeNull();
    expect(localStorage.getItem(KEYS.childToken)).toBeNull();
    expect(state.token).toBe(parent.access);
    expect(state.refreshToken).toBe(parent.refresh);
  });

  it('a refused parent refresh ends every session on the device', async () => {
    const parent = await logIn();
    await chooseChild(parent.access);
    // Logged out elsewhere: the login and the child logins chosen from it are over.
    expect((await s.request(apiPath('logout'), { token: parent.access, json: { refresh: parent.refresh } })).status).toBe(200);
    expect(await refreshTokens('parent')).toBe(false);
    const state = useSession.getState();
    expect([state.token, state.refreshToken, state.childToken, state.childRefreshToken]).toEqual([null, null, null, null]);
    expect(localStorage.getItem(KEYS.refreshToken)).toBeNull();
  });

  it('a refusal does not undo a login that happened while the refresh was under way', async () => {
    const parent = await logIn();
    const stale = await chooseChild(parent.access);
    expect((await s.request(apiPath('tokenRefresh'), { json: { refresh: stale.refresh } })).status).toBe(200);
    const fresh = await childLogin(parent.access);
    const refreshing = refreshTokens('child');
    // The child is chosen again while the refused refresh is on its way.
    useSession.getState().setPair('child', fresh);
    expect(await refreshing).toBe(false);
    expect(useSession.getState().childToken).toBe(fresh.access);
    expect(useSession.getState().childRefreshToken).toBe(fresh.refresh);
  });

  it('no answer at all keeps the tokens for a later attempt, which then succeeds', async () => {
    const parent = await logIn();
    const child = await chooseChild(parent.access);
    // Nothing listens there any more: the request fails for the network.
    setOrigin(await closedPort());
    expect(await refreshTokens('child')).toBe(false);
    expect(refreshesSent()).toBe(1);
    expect(useSession.getState().childToken).toBe(child.access);
    expect(useSession.getState().childRefreshToken).toBe(child.refresh);
    expect(localStorage.getItem(KEYS.childRefreshToken)).toBe(child.refresh);

    setOrigin(s.url);
    expect(await refreshTokens('child')).toBe(true);
    expect(await accepted(useSession.getState().childToken)).toBe(true);
  });

  it('without a refresh token of that kind, nothing is sent', async () => {
    await logIn();
    expect(await refreshTokens('child')).toBe(false);
    expect(refreshesSent()).toBe(0);
    expect(useSession.getState().token).not.toBeNull();
  });
});
