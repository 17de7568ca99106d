import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import type { Work } from '@contract/works';
import { useNetworkAction } from '@web/lib/network-action';
import { canSaveForOffline, SAVE_OFFLINE_CAP, saveImagesForOffline, type SaveProgress } from '@web/lib/save-for-offline';
import { Button } from '@web/ui/button';
import styles from './save-for-offline.module.css';

const SAVING_NEEDS_NETWORK = msg`You're offline. Saving the gallery needs a connection, so try again when you're back online.`;

type Phase = { kind: 'idle' } | { kind: 'saving'; progress: SaveProgress } | { kind: 'done'; progress: SaveProgress } | { kind: 'full' };

/** The picture a work hangs with on the wall (the same URL WorkTile shows, so the cache hits). */
function wallImage(work: Work): string | null {
  const first = work.images_data[0];
  return first ? first.thumbnail_url || first.image_url : null;
}

/**
 * "Save family gallery for offline": keeps the wall pictures of the loaded pages in the /media/ cache
 * (lib/save-for-offline), with "Saving 3 of 24…" while it runs. Unavailable offline, with the reason.
 */
export function SaveForOffline({ works }: { works: readonly Work[] }) {
  const { t } = useLingui();
  const network = useNetworkAction(SAVING_NEEDS_NETWORK);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  if (!canSaveForOffline() || works.length === 0) return null;
  const urls = [...new Set(works.map(wallImage).filter((u): u is string => u !== null))];
  const capped = urls.length > SAVE_OFFLINE_CAP;
  const saving = phase.kind === 'saving';

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      const result = await saveImagesForOffline(urls, (progress) => setPhase({ kind: 'saving', progress }), controller.signal);
      if (!controller.signal.aborted) setPhase({ kind: 'done', progress: result });
    } catch {
      if (!controller.signal.aborted) setPhase({ kind: 'full' });
    }
  };

  let status = null;
  if (phase.kind === 'saving') {
    const { done, total } = phase.progress;
    status = t`Saving ${done} of ${total}…`;
  } else if (phase.kind === 'done') {
    const { total, failed } = phase.progress;
    const saved = total - failed;
    status = failed
      ? plural(failed, {
          one: `Saved ${saved} of ${total} pictures for offline. # could not be saved; try again later.`,
          other: `Saved ${saved} of ${total} pictures for offline. # could not be saved; try again later.`,
        })
      : plural(total, {
          one: 'Saved for offline: # picture. The gallery will open without a signal.',
          other: 'Saved for offline: # pictures. The gallery will open without a signal.',
        });
  } else if (phase.kind === 'full') {
    status = t`This device is out of space for offline pictures. Free some space and try again.`;
  }

  return (
    <section className={styles.panel} aria-labelledby="save-offline-title">
      <div className={styles.row}>
        <svg className={styles.icon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <rect x="3" y="4" width="18" height="14" rx="2.5" fill="var(--paper)" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M12 7.5v6M9 11l3 3 3-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path d="M7 21h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <div className={styles.body}>
          <h2 id="save-offline-title" className={styles.title}>
            <Trans context="heading">Take the gallery with you</Trans>
          </h2>
          <p className={styles.hint}>
            {plural(Math.min(urls.length, SAVE_OFFLINE_CAP), {
              one: 'Keeps the picture of the # work loaded here on this device, for times without a signal.',
              other: 'Keeps the pictures of the # works loaded here on this device, for times without a signal.',
            })}
            {capped && (
              <>
                {' '}
                <Trans>Only the first {SAVE_OFFLINE_CAP} pictures are saved.</Trans>
              </>
            )}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        block
        aria-disabled={!network.available || saving || undefined}
        aria-describedby={network.available ? undefined : network.reasonId}
        onClick={() => !saving && network.run(() => void start())}
      >
        {saving ? t`Saving…` : t`Save family gallery for offline`}
      </Button>
      {!network.available && (
        <p id={network.reasonId} className={styles.reason}>
          {network.reason}
        </p>
      )}
      {phase.kind === 'saving' && (
        <progress
          className={styles.progress}
          max={phase.progress.total}
          value={phase.progress.done}
          aria-label={t`Saving pictures for offline`}
        />
      )}
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
