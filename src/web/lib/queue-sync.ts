/**
 * Flushing the upload queue (architecture: capture to gallery, step 4). It runs in the page: on
 * enqueue, at app start, on `online`, on `visibilitychange` to visible, and when the child session
 * changes. One item at a time, and only items of the active child profile. XMLHttpRequest gives
 * byte progress (ky's upload progress needs HTTP/2 in Chromium).
 */
import { msg } from '@lingui/core/macro';

import { M } from '@contract/messages';
import { IDEMPOTENCY_HEADER } from '@contract/headers';
import { messageFromBody } from './api-error-message';
import { imageCountQueryOptions } from './image-count';
import { isLimitRefusal } from './image-room';
import { apiUrl, refreshTokens, requestHeaders } from './http';
import { i18n } from './i18n';
import { activeProfileId } from './profile';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { forgetStored, loadQueue, markDone, queueItem, updateQueueItem, useQueue, type QueueItem } from './queue';
import { useSession } from './session';
import { workFormBody } from './work-form-body';
import { notify } from './toast';
import { isOnline, reportAnswer, reportNetworkFailure, subscribeOnline } from './use-online';

const MAX_BACKOFF_MS = 60_000;

const KEPT_ON_DEVICE = msg`Saved on this device. It will be uploaded to your gallery.`;

/** The works already told to be kept on this device (this page's life): each is told once. */
const toldKept = new Set<string>();

/**
 * One word per registering (issue 11: never "saved on this device" and "registered" stacked): a work that goes
 * through at once gets only "registered" when it lands; one that has to wait (queued offline, or its first attempt
 * got no answer or a server error) is told once that it is kept on this device and will upload.
 */
export function tellKeptOnDevice(id: string): void {
  if (toldKept.has(id)) return;
  toldKept.add(id);
  notify.success(i18n._(KEPT_ON_DEVICE));
}

interface Answer {
  status: number;
  body: unknown;
}

function formOf(item: QueueItem): FormData {
  return workFormBody(
    item.fields,
    item.images.map((image) => new File([image.bytes], image.name, { type: image.type })),
  );
}

/** One POST; resolves with status 0 when there was no answer at all. */
function send(item: QueueItem): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('workCreate'));
    xhr.withCredentials = true;
    // A fresh token at send time, never one stored with the item.
    for (const [name, value] of Object.entries(requestHeaders('workCreate'))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, item.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) void updateQueueItem(item.id, { progress: event.loaded / event.total }, false);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        // Plain text stays as it is.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: null });
    xhr.send(formOf(item));
  });
}

/** What an attempt's answer does to the item (status 0: no answer at all). */
export type AttemptOutcome = 'done' | 'retry' | 'failed';

/**
 * 2xx: created, the item goes. No answer, a 5xx, a 408 (a proxy gave up on a slow upload), a 409, a 429 (the family's other uploads are still being
 * received) or a 401 the refresh could not cure: the item waits for a later attempt. Any other status will
 * not change by sending the same thing again: the item is marked failed until the user acts.
 */
export function attemptOutcome(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 0 || status >= 500 || status === 408 || status === 409 || status === 429 || status === 401) return 'retry';
  return 'failed';
}

/** The wait before the next attempt after `attempts` attempts: 1 s doubling up to a minute, a random half to all of it. */
export function retryDelay(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));
  return base / 2 + Math.random() * (base / 2);
}

async function upload(item: QueueItem): Promise<void> {
  const attempts = item.attempts + 1;
  await updateQueueItem(item.id, { status: 'uploading', attempts, progress: 0 });
  let answer = await send(item);
  // An expired token: refresh once and send again (the idempotency key makes this safe).
  if (answer.status === 401 && (await refreshTokens('child'))) answer = await send(item);
  if (answer.status === 0) reportNetworkFailure();
  else reportAnswer();
  if (!queueItem(item.id)) return; // discarded meanwhile
  const outcome = attemptOutcome(answer.status);
  if (outcome === 'done') {
    await forgetStored(item.id);
    notify.success(i18n._(M.workAdded.id));
    // The pending card gives way only once the gallery shows the real work.
    await queryClient.invalidateQueries({ queryKey: queryKeys.works }).catch(() => undefined);
    markDone(item.id);
    return;
  }
  if (outcome === 'retry') {
    tellKeptOnDevice(item.id);
    await updateQueueItem(item.id, {
      status: 'waiting',
      progress: 0,
      retryAt: Date.now() + retryDelay(attempts),
      lastError: answer.status === 0 ? null : messageFromBody(answer.status, answer.body),
    });
    return;
  }
  // A refusal for the free plan's limit says so, with the way out (a parent upgrades, or an older work goes): the
  // count is asked again, which the form's limit then follows too.
  const count = answer.status === 400 ? await queryClient.fetchQuery(imageCountQueryOptions()).catch(() => null) : null;
  const refusal = isLimitRefusal(answer.status, answer.body, count, item.images.length) ? ('limit' as const) : undefined;
  await updateQueueItem(item.id, { status: 'failed', progress: 0, lastError: messageFromBody(answer.status, answer.body), refusal });
}

let running = false;
let again = false;
let timer: number | undefined;

function nextItem(now: number): QueueItem | undefined {
  const profileId = activeProfileId(useSession.getState().childToken);
  if (profileId === null) return undefined;
  return useQueue.getState().items.find((i) => i.status === 'waiting' && i.profileId === profileId && i.retryAt <= now);
}

/** Wakes up when the earliest backoff of the active profile's items ends. */
function scheduleWake(): void {
  window.clearTimeout(timer);
  const profileId = activeProfileId(useSession.getState().childToken);
  const waits = useQueue
    .getState()
    .items.filter((i) => i.status === 'waiting' && i.profileId === profileId && i.retryAt > Date.now())
    .map((i) => i.retryAt);
  if (!waits.length) return;
  timer = window.setTimeout(flushQueue, Math.max(0, Math.min(...waits) - Date.now()) + 50);
}

/** Sends waiting items of the active profile, one at a time. Safe to call at any moment. */
export function flushQueue(): void {
  if (running) {
    again = true;
    return;
  }
  running = true;
  void (async () => {
    try {
      do {
        again = false;
        for (let item = nextItem(Date.now()); item && isOnline(); item = nextItem(Date.now())) {
          await upload(item);
        }
      } while (again);
    } catch (error) {
      console.warn('Upload queue flush stopped', error);
    } finally {
      running = false;
      scheduleWake();
    }
  })();
}

/** The user asks for another attempt now (after a failure or during a backoff). */
export async function retryUpload(id: string): Promise<void> {
  await updateQueueItem(id, { status: 'waiting', retryAt: 0, lastError: null, refusal: undefined });
  flushQueue();
}

let started = false;

export function startQueueSender(): void {
  if (started) return;
  started = true;
  // main.tsx has usually read the queue already: it loads this module only once something is queued.
  void (useQueue.getState().loaded ? Promise.resolve() : loadQueue()).then(flushQueue);
  let online = isOnline();
  subscribeOnline(() => {
    const was = online;
    online = isOnline();
    if (was || !online) return;
    // Back online: everything waiting may go now, backoff or not.
    for (const i of useQueue.getState().items) if (i.status === 'waiting') void updateQueueItem(i.id, { retryAt: 0 }, false);
    flushQueue();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flushQueue();
  });
  useSession.subscribe((state, previous) => {
    if (state.childToken !== previous.childToken) flushQueue();
  });
}
