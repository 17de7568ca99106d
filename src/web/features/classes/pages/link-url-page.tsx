import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { ArtistClass } from '@contract/classes';
import { buttonClass } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { useClassVideo } from '../api/class-video';
import { StartTime } from '../components/class-badges';
import {
  classIdFrom,
  isVideoPage,
  linkDetailHref,
  needsVideoCall,
  noLinkReason,
  signupDetailHref,
  videoTargetOf,
  type VideoTarget,
} from '../components/class-logic';
import { ClassPageFrame } from '../components/class-page-frame';
import { ResendLink } from '../components/resend-link';
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

/** Why there is no link: this profile is not signed up for the class, or its payment is pending; and the way on. */
function NoLink({ item }: { item: ArtistClass }) {
  const pending = noLinkReason(item) === 'pending';
  return (
    <section className={styles.ticket} aria-labelledby="no-link-title">
      <h2 id="no-link-title" className={styles.blockTitle}>
        {pending ? <Trans context="heading">Payment pending</Trans> : <Trans context="heading">Not signed up</Trans>}
      </h2>
      <p className={styles.message} role="status">
        {pending ? (
          <Trans>The class video opens once the payment for this class is complete.</Trans>
        ) : (
          <Trans>This profile is not signed up for this class, so its video cannot be shown.</Trans>
        )}
      </p>
      <div className={styles.actions}>
        {pending ? (
          <Link {...linkDetailHref(item.id)} className={buttonClass({ size: 'large', block: true })}>
            <Trans>Complete the payment</Trans>
          </Link>
        ) : (
          <Link {...signupDetailHref(item.id)} className={buttonClass({ size: 'large', block: true })}>
            <Trans>Sign up for this class</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}

/** The video in a <video>; a video site's page, or a video that fails to load, as a plain link. */
function Video({ url }: { url: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (failed || isVideoPage(url)) {
    return (
      <>
        {failed && (
          <p className={styles.reasonBox} role="status">
            <Trans>The video could not be played here. Open it with the link below.</Trans>
          </p>
        )}
        <OpenLink href={url} label={t`Open the video`} icon="▶" />
      </>
    );
  }
  return (
    <>
      <div className={styles.screen}>
        {/* The class's own recording: no captions track is offered by the artist's upload. */}
        <video className={styles.video} src={url} controls playsInline preload="metadata" onError={() => setFailed(true)}>
          <a href={url}>{t`Open the video`}</a>
        </video>
      </div>
      <p className={styles.muted}>
        <Trans>If the video does not start, open it with this link:</Trans>{' '}
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t`Open the video`}
        </a>
      </p>
    </>
  );
}

/** What the server gave: the video, else a live class's meeting link with its start, else "No video URL was provided". */
function Links({ target }: { target: VideoTarget }) {
  const { t } = useLingui();
  if (target.url) return <Video url={target.url} />;
  if (target.meetingUrl) {
    return (
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans context="heading">Live class</Trans>
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
  }
  return (
    <EmptyState>
      <p>
        <Trans>No video URL was provided</Trans>
      </p>
    </EmptyState>
  );
}

/** A confirmed sign-up's links: a class with a video asks the server for it (which sends nothing); a live one has its link already. */
function SignedUp({ item }: { item: ArtistClass }) {
  const { t } = useLingui();
  const asks = needsVideoCall(item);
  const video = useClassVideo(item.id, asks);
  if (asks && video.isError) {
    return (
      <p className={styles.reasonBox} role="status">
        <Trans>The class video could not be fetched just now. Please try again in a moment.</Trans>
      </p>
    );
  }
  if (asks && !video.data) {
    return (
      <p className={styles.muted} role="status">
        {t`Loading the class video…`}
      </p>
    );
  }
  return (
    <>
      <p className={styles.muted}>
        {video.data?.message ??
          (item.class_type === 'real_time' ? (
            <Trans>The meeting link was sent to your registered e-mail.</Trans>
          ) : (
            <Trans>The video link was sent to your registered e-mail.</Trans>
          ))}
      </p>
      <Links target={videoTargetOf(item, video.data ?? null)} />
      <ResendLink classId={item.id} />
    </>
  );
}

/**
 * The class's video (works spec §2; issue 27, finding 7): the page is opened with a class id (navigation state or
 * `?class_id=`) and shows only what the server gives this profile for it: the recording (played in a <video>, or a
 * plain link), or a live class's meeting link and start (the page is then the class's meeting). Not signed up, payment pending, or another profile's class:
 * a message and the way on, no link. An address in the query or the state is never shown.
 */
export default function LinkUrlPage() {
  const { t } = useLingui();
  const id = classIdFrom(useHistoryState<unknown>(), useSearch(), 'class_id', 'class_id');
  return (
    <ClassPageFrame id={id} pageTitle={(item) => (item?.class_type === 'real_time' ? t`Class meeting` : t`Class video`)}>
      {(item) => (
        <div className={styles.detail}>
          {noLinkReason(item) ? <NoLink item={item} /> : <SignedUp item={item} />}
          <Link href="/my-artist-classes" className={buttonClass({ variant: 'ghost', block: true })}>
            <Trans>My Artist Classes</Trans>
          </Link>
        </div>
      )}
    </ClassPageFrame>
  );
}
