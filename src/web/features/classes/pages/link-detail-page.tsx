import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { ArtistClass } from '@contract/classes';
import { M } from '@contract/messages';
import { useNetworkAction } from '@web/lib/network-action';
import { buttonClass } from '@web/ui/button';
import { StartTime } from '../components/class-badges';
import { classIdFrom, linkUrlHref, priceLabel, signupDetailHref } from '../components/class-logic';
import { ClassPageFrame } from '../components/class-page-frame';
import { PaymentPending } from '../components/payment-pending';
import { ResendLink } from '../components/resend-link';
import { VIDEO_NEEDS_NETWORK } from '../components/needs-network';
import { Icon } from '@web/ui/line-icon';
import { FramedPicture } from '@web/ui/framed-card';
import { NetworkButton } from '@web/ui/network-button';
import styles from '../components/classes.module.css';

/**
 * Confirmed: the link (a live class's meeting) was e-mailed, and the button opens the video page with the class id,
 * which asks the server for the link (issue 27: no address travels in the page's address or state). The e-mail
 * goes again only from "Send the link again" (issue 28).
 */
function Confirmed({ item }: { item: ArtistClass }) {
  const [, navigate] = useLocation();
  const network = useNetworkAction(VIDEO_NEEDS_NETWORK);
  const open = () => {
    const to = linkUrlHref(item.id);
    navigate(to.href, { state: to.state });
  };
  return (
    <section className={`${styles.ticket} ${styles.ticketDone}`} aria-labelledby="link-title">
      <h2 id="link-title" className={styles.blockTitle}>
        <Trans context="heading">You are signed up</Trans>
      </h2>
      <p className={styles.message} role="status">
        <span className={styles.messageIcon} aria-hidden="true">
          <Icon name="mail" />
        </span>
        <span>
          {item.class_type === 'real_time' ? (
            <Trans>The meeting link was sent to your registered e-mail.</Trans>
          ) : (
            <Trans>The video link was sent to your registered e-mail.</Trans>
          )}
        </span>
      </p>
      {item.class_type === 'real_time' && (
        <p className={styles.muted}>
          <StartTime at={item.start_at} />
        </p>
      )}
      <div className={styles.actions}>
        <NetworkButton
          network={network}
          onPress={open}
          size="large"
          block
          offlineClassName={styles.unavailable}
          reasonClassName={styles.muted}
        >
          {item.class_type === 'recorded' ? <Trans>Watch the class</Trans> : <Trans>Open the class link</Trans>}
        </NetworkButton>
      </div>
      <ResendLink classId={item.id} />
    </section>
  );
}

/** Pending: the payment-pending message (works spec §8) and the way to pay. */
function Pending({ item }: { item: ArtistClass }) {
  const { i18n } = useLingui();
  const price = priceLabel(item, i18n.locale);
  return (
    <section className={styles.ticket} aria-labelledby="link-title">
      <h2 id="link-title" className={styles.blockTitle}>
        <Trans context="heading">Payment pending</Trans>
      </h2>
      <PaymentPending item={item} payLabel={price ? <Trans>Pay {price}</Trans> : <Trans>Pay</Trans>} />
    </section>
  );
}

function NotSignedUp({ item }: { item: ArtistClass }) {
  const { i18n } = useLingui();
  return (
    <section className={styles.ticket}>
      <p className={styles.message}>{i18n._(M.classNotSignedUp.id)}</p>
      <div className={styles.actions}>
        <Link {...signupDetailHref(item.id)} className={buttonClass({ size: 'large', block: true })}>
          <Trans>Sign up for this class</Trans>
        </Link>
      </div>
    </section>
  );
}

/** Where a sign-up leads (works spec §2): the link-was-e-mailed message, or that the payment is pending. */
export default function LinkDetailPage() {
  const { t } = useLingui();
  const id = classIdFrom(useHistoryState<unknown>(), useSearch(), 'class_id', 'class_id');
  return (
    <ClassPageFrame id={id} pageTitle={t`Class details`}>
      {(item) => (
        <article className={styles.detail}>
          <Link {...signupDetailHref(item.id)} className={styles.linkThumb} aria-label={t`About this class`}>
            <FramedPicture src={item.thumbnail} size="hero" />
          </Link>
          {item.member_signup.status === 'confirmed' ? (
            <Confirmed item={item} />
          ) : item.member_signup.status === 'pending' ? (
            <Pending item={item} />
          ) : (
            <NotSignedUp item={item} />
          )}
          <Link href="/my-artist-classes" className={buttonClass({ variant: 'ghost', block: true })}>
            <Trans>My Artist Classes</Trans>
          </Link>
        </article>
      )}
    </ClassPageFrame>
  );
}
