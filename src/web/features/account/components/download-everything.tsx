import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { apiUrl, refreshTokens, requestHeaders } from '@web/lib/http';
import { useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { reportAnswer, reportNetworkFailure } from '@web/lib/use-online';
import { Button } from '@web/ui/button';
import styles from './download-everything.module.css';
import { useBrand } from '@web/lib/brand';

const DOWNLOAD_NEEDS_NETWORK = msg`You're offline. Downloading the archive needs an internet connection, so try again when you're back online.`;

/** The archive's expected size (the server's estimate: the zip is written while it streams, so no Content-Length). */
const EXPECTED_HEADER = 'X-Archive-Expected-Bytes';

type Phase =
  { kind: 'idle' } | { kind: 'downloading'; received: number; expected: number | null } | { kind: 'done'; filename: string; size: number };

/** The file name of Content-Disposition (RFC 6266: filename* first, then filename), or a dated default. */
export function archiveName(disposition: string | null, now = new Date()): string {
  const star = disposition && /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain filename
    }
  }
  const plain = disposition && /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || `little-museum-${now.toISOString().slice(0, 10)}.zip`;
}

/** Sends the archive request with the parent's token; on a 401, refreshes once and sends again. */
async function requestArchive(signal: AbortSignal): Promise<Response> {
  const send = () => fetch(apiUrl('accountExport'), { headers: requestHeaders('accountExport'), credentials: 'include', signal });
  const first = await send();
  if (first.status !== 401 || !(await refreshTokens('parent'))) return first;
  return send();
}

async function errorMessage(response: Response): Promise<string> {
  let body: unknown = null;
  try {
    const raw = await response.text();
    body = raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    body = null;
  }
  const { messageFromBody } = await import('@web/lib/api-error-message');
  return messageFromBody(response.status, body);
}

/** Bytes as the reader reads them: "820 KB", "12.4 MB", "1.20 GB". */
function size(bytes: number, locale: string): string {
  const format = (n: number, digits: number) => n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (bytes < 1_000_000) return `${format(Math.max(bytes, 0) / 1000, 0)} KB`;
  if (bytes < 1_000_000_000) return `${format(bytes / 1_000_000, 1)} MB`;
  return `${format(bytes / 1_000_000_000, 2)} GB`;
}

/** Hands the browser a finished file to save, under the server's name. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the next minute; the Blob's memory goes with the URL.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * *Download everything* (issue 15, the open archive): the family's whole museum as one zip, fetched with the
 * parent's token (a plain link cannot carry it), with progress against the server's expected size, then saved under
 * the server's file name. It can be cancelled; a refusal (429, offline, a broken stream) says what happened.
 */
export function DownloadEverything() {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const network = useNetworkAction(DOWNLOAD_NEEDS_NETWORK);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'downloading', received: 0, expected: null });
    let started = false;
    try {
      const response = await requestArchive(controller.signal);
      reportAnswer();
      if (!response.ok || !response.body) {
        setPhase({ kind: 'idle' });
        notify.error(await errorMessage(response), 6000);
        return;
      }
      started = true;
      const announced = Number(response.headers.get(EXPECTED_HEADER) ?? response.headers.get('Content-Length'));
      const expected = Number.isFinite(announced) && announced > 0 ? announced : null;
      const filename = archiveName(response.headers.get('Content-Disposition'));
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      let shown = 0;
      setPhase({ kind: 'downloading', received, expected });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        // A render per ~1 % or 256 KB, not per chunk.
        if (received - shown >= Math.max(256 * 1024, (expected ?? 0) / 100)) {
          shown = received;
          setPhase({ kind: 'downloading', received, expected });
        }
      }
      save(new Blob(chunks as BlobPart[], { type: 'application/zip' }), filename);
      setPhase({ kind: 'done', filename, size: received });
      notify.success(t`The archive is saved: ${filename}`, 5000);
    } catch (error) {
      setPhase({ kind: 'idle' });
      if (controller.signal.aborted) {
        notify.info(t`Download cancelled.`);
        return;
      }
      console.warn('The archive download failed', error);
      if (!started) reportNetworkFailure();
      notify.error(
        started
          ? t`The download was interrupted before the archive was complete. Please try again.`
          : navigator.onLine
            ? t`The museum could not be reached. Please check the connection and try again.`
            : i18n._(DOWNLOAD_NEEDS_NETWORK),
        6000,
      );
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const downloading = phase.kind === 'downloading';
  const percent =
    downloading && phase.expected
      ? // The size is an estimate: the bar stops at 99 % until the last byte has come.
        Math.min(99, Math.floor((phase.received / phase.expected) * 100))
      : null;
  const got = downloading ? size(phase.received, i18n.locale) : '';
  const total = downloading && phase.expected ? size(phase.expected, i18n.locale) : '';
  const savedSize = phase.kind === 'done' ? size(phase.size, i18n.locale) : '';
  const filename = phase.kind === 'done' ? phase.filename : '';

  return (
    <section className={styles.box} aria-labelledby="archive-title">
      <div className={styles.head}>
        <h2 id="archive-title" className={styles.title}>
          <Trans context="heading">Your family's archive</Trans>
        </h2>
        <div className={styles.art} aria-hidden="true">
          <span className={styles.box1} />
          <span className={styles.box2} />
        </div>
      </div>
      <p className={styles.text}>
        <Trans>
          Every work and picture in one zip file, with a small museum (index.html) that opens in any browser, even without a connection.
          Keep it for years, or take it to another {brand}.
        </Trans>
      </p>
      {downloading ? (
        <div className={styles.progressBlock}>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t`Downloading the archive`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={total ? t`${got} of about ${total}` : t`${got} received`}
          >
            <span
              className={percent === null ? styles.barUnknown : styles.bar}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
          <p className={styles.status} aria-live="polite" data-testid="archive-progress">
            {total ? (
              <Trans>
                {got} of about {total} ({percent} %)
              </Trans>
            ) : phase.received > 0 ? (
              <Trans>{got} received</Trans>
            ) : (
              <Trans>Packing the works…</Trans>
            )}
          </p>
          <Button variant="secondary" block onClick={() => abort.current?.abort()}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      ) : (
        <>
          <Button
            block
            size="large"
            aria-disabled={!network.available}
            aria-describedby={network.reason ? network.reasonId : undefined}
            onClick={() => void network.run(start)}
          >
            <Trans>Download everything</Trans>
          </Button>
          {network.reason && (
            <p id={network.reasonId} className={styles.reason}>
              {network.reason}
            </p>
          )}
          {phase.kind === 'done' && (
            <p className={styles.done} role="status">
              <Trans>
                Saved {filename} ({savedSize}). Unzip it and open index.html to walk through your museum.
              </Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}
