import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { buttonClass } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { PageShell } from '@web/ui/page-shell';
import { StartTime } from '../components/class-badges';
import { isVideoPage, videoTargetFrom } from '../components/class-logic';
import styles from '../components/classes.module.css';

/** A plain link that opens outside the app (a video site's page, a meeting, or a video this browser cannot play). */
function OpenLink({ href, label, icon }: { href: string; label: string; icon: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.bigLink}>
      <span className={styles.bigLinkIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.bigLinkText}>
        <span>{label}</span>
        <span className={styles.bigLinkUrl}>{href}</span>
      </span>
    </a>
  );
}

/**
 * The class's video (works spec §2): artistClassVideoUrl from the navigation state or the query, played in a
 * <video>; a video site's page, or a video that fails to load, becomes a plain link; a live class's meeting link
 * (with its start) when there is no video; "No video URL was provided" when there is nothing.
 */
export default function LinkUrlPage() {
  const { t } = useLingui();
  const target = videoTargetFrom(useHistoryState<unknown>(), useSearch());
  const [failed, setFailed] = useState(false);
  const back = (
    <Link href="/my-artist-classes" className={buttonClass({ variant: 'ghost', block: true })}>
      <Trans>My Artist Classes</Trans>
    </Link>
  );

  let body;
  if (target.url && !failed && !isVideoPage(target.url)) {
    body = (
      <>
        <div className={styles.screen}>
          {/* The class's own recording: no captions track is offered by the artist's upload. */}
          <video className={styles.video} src={target.url} controls playsInline preload="metadata" onError={() => setFailed(true)}>
            <a href={target.url}>{t`Open the video`}</a>
          </video>
        </div>
        <p className={styles.muted}>
          <Trans>If the video does not start, open it with this link:</Trans>{' '}
          <a href={target.url} target="_blank" rel="noopener noreferrer">
            {t`Open the video`}
          </a>
        </p>
      </>
    );
  } else if (target.url) {
    body = (
      <>
        {failed && (
          <p className={styles.reasonBox} role="status">
            <Trans>The video could not be played here. Open it with the link below.</Trans>
          </p>
        )}
        <OpenLink href={target.url} label={t`Open the video`} icon="▶" />
      </>
    );
  } else if (target.meetingUrl) {
    body = (
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans>Live class</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>Join the class with the meeting link at its start time.</Trans>
        </p>
        <p>
          <StartTime at={target.startAt} />
        </p>
        <OpenLink href={target.meetingUrl} label={t`Join the live class`} icon="●" />
      </section>
    );
  } else {
    body = (
      <EmptyState>
        <p>
          <Trans>No video URL was provided</Trans>
        </p>
      </EmptyState>
    );
  }

  return (
    <PageShell title={t`Class video`} eyebrow={t`Artist class`} width="medium">
      <div className={styles.detail}>
        {body}
        {back}
      </div>
    </PageShell>
  );
}
