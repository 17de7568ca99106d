import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { removeFromQueue, useQueue, type QueueItem } from '@web/lib/queue';
import { retryUpload } from '@web/lib/queue-sync';
import { useSession } from '@web/lib/session';
import { useObjectUrl } from '@web/lib/use-object-url';
import { Button } from '@web/ui/button';
import { QueueFailure } from './queue-failure';
import { QueueBadge, useQueueState } from './queue-state';
import styles from './upload-panel.module.css';

function PanelRow({ item }: { item: QueueItem }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const first = item.images[0];
  const src = useObjectUrl(first?.bytes, first?.type);
  const state = useQueueState()(item);
  const title = item.fields.title;
  return (
    <li className={styles.row}>
      {src ? <img src={src} alt={title} width={56} height={56} className={styles.thumb} /> : <span className={styles.thumb} />}
      <div className={styles.info}>
        <strong className={styles.title}>{title}</strong>
        <QueueBadge {...state} />
        {item.status === 'uploading' && (
          <progress className={styles.progress} max={1} value={item.progress} aria-label={t`Upload progress of ${title}`} />
        )}
        <QueueFailure item={item} className={styles.error} />
        {(item.status === 'failed' || (item.status === 'waiting' && item.retryAt > 0)) && (
          <div className={styles.actions}>
            <Button size="small" variant="secondary" onClick={() => void retryUpload(item.id)}>
              <Trans>Retry</Trans>
            </Button>
            {item.status === 'failed' && (
              <>
                <Button size="small" variant="ghost" onClick={() => navigate(`/register-work?queued=${item.id}`)}>
                  <Trans>Edit</Trans>
                </Button>
                <Button size="small" variant="dangerOutline" onClick={() => void removeFromQueue(item.id)}>
                  <Trans>Discard</Trans>
                </Button>
              </>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The upload queue, always visible while it holds something: a chip that opens into a list. */
export function UploadPanel() {
  const { t } = useLingui();
  const items = useQueue((s) => s.items);
  const hasChild = useSession((s) => Boolean(s.childToken));
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  const failed = items.filter((i) => i.status === 'failed').length;
  const active = items.filter((i) => i.status !== 'done').length;
  const summary =
    failed > 0
      ? plural(failed, { one: '# upload failed', other: '# uploads failed' })
      : active > 0
        ? plural(active, { one: '# work waiting to upload', other: '# works waiting to upload' })
        : t`All works uploaded`;
  return (
    <section className={`${styles.panel} ${hasChild ? styles.aboveCamera : ''}`} aria-label={t`Uploads`}>
      <button
        type="button"
        className={`${styles.chip} ${failed ? styles.chipBad : ''}`}
        aria-expanded={open}
        aria-controls="upload-list"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 16V4m0 0l-5 5m5-5l5 5M5 20h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span aria-live="polite">{summary}</span>
        <span className={styles.chevron} aria-hidden="true">
          {open ? '▾' : '▴'}
        </span>
      </button>
      {open && (
        <ul id="upload-list" className={styles.list}>
          {items.map((item) => (
            <PanelRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
