import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { ArtistClass } from '@contract/classes';
import { M } from '@contract/messages';
import { rememberDestination } from '@web/lib/after-login';
import { useNamedList } from '@web/lib/named-lists';
import { useNetworkAction } from '@web/lib/network-action';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { Button, buttonClass } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import { useClassSignup } from '../api/class-signup';
import { TagList } from '../components/class-card';
import { classIdFrom, linkDetailHref, paymentHref, priceLabel, tagNames } from '../components/class-logic';
import { ClassPageFrame, ClassSummary } from '../components/class-page-frame';
import { PaymentPending } from '../components/payment-pending';
import { PAYMENT_NEEDS_NETWORK } from '../components/needs-network';
import { Icon } from '@web/ui/line-icon';
import styles from '../components/classes.module.css';

/** The price, big, as on a ticket. */
function TicketPrice({ item }: { item: ArtistClass }) {
  const { i18n } = useLingui();
  const price = priceLabel(item, i18n.locale);
  return (
    <p className={styles.ticketPrice}>
      {price === null ? (
        <span className={styles.ticketFree}>
          <Trans>Free</Trans>
        </span>
      ) : (
        <>
          <span className={styles.ticketAmount}>{price}</span>
          <span className={styles.ticketNote}>
            <Trans>tax included, paid by card</Trans>
          </span>
        </>
      )}
    </p>
  );
}

/**
 * Signing up (works spec §2, §4): the confirmation popup, then a free class is confirmed at once (its link is
 * e-mailed) and the child goes to My Artist Classes; a paid one goes to the payment page with the signup response.
 * Without a login, "Please log in to continue." and the login page, which brings the visitor back here.
 */
function SignUp({ item }: { item: ArtistClass }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const loggedIn = useSession((s) => Boolean(s.token || s.childToken));
  const isChild = useSession((s) => Boolean(s.childToken));
  const network = useNetworkAction(PAYMENT_NEEDS_NETWORK);
  const signup = useClassSignup();
  const [asking, setAsking] = useState(false);
  const offline = !network.available;
  const price = priceLabel(item, i18n.locale);

  const start = () => {
    if (!loggedIn) {
      rememberDestination(`/artist-signup-detail?id=${item.id}`);
      notify.error(t`Please log in to continue.`);
      navigate('/login');
      return;
    }
    network.run(() => setAsking(true));
  };

  const confirm = () =>
    network.run(() => {
      // A paid class needs the parent's word (decisions.md): the payment page asks for it, then takes the card.
      if (!item.is_free && item.price > 0) {
        setAsking(false);
        navigate(`/payment?class_id=${item.id}`);
        return;
      }
      signup.mutate(
        { classId: item.id },
        {
          onSuccess: (answer) => {
            setAsking(false);
            if (answer.status === 'confirmed') {
              notify.success(answer.message || i18n._(M.classSignupSuccessful.id));
              navigate('/my-artist-classes');
              return;
            }
            const to = paymentHref(answer);
            navigate(to.href, { state: to.state });
          },
          // The error toast is the client's (lib/http); the popup closes so the page shows the class as it is now.
          onError: () => setAsking(false),
        },
      );
    });

  return (
    <section className={styles.ticket} aria-labelledby="signup-title">
      <h2 id="signup-title" className={styles.blockTitle}>
        <Trans context="heading">Join this class</Trans>
      </h2>
      <TicketPrice item={item} />
      {loggedIn && !isChild ? (
        <>
          <p className={styles.reasonBox}>
            <Trans>To sign up, choose a child's profile: classes are joined by children.</Trans>
          </p>
          <div className={styles.actions}>
            <Link href="/add-user" className={buttonClass({ variant: 'secondary', size: 'large', block: true })}>
              <Trans>Choose a profile</Trans>
            </Link>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button
            size="large"
            block
            onClick={start}
            aria-disabled={offline || undefined}
            aria-describedby={offline ? network.reasonId : undefined}
            className={offline ? styles.unavailable : undefined}
          >
            <Trans>Sign up for this class</Trans>
          </Button>
          {offline && (
            <p id={network.reasonId} className={styles.muted}>
              {network.reason}
            </p>
          )}
          {!loggedIn && (
            <p className={styles.muted}>
              <Trans>You will be asked to log in first.</Trans>
            </p>
          )}
        </div>
      )}
      <Modal
        open={asking}
        title={<Trans context="heading">Sign up</Trans>}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={signup.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={confirm} disabled={signup.isPending} aria-busy={signup.isPending}>
              {signup.isPending ? t`Signing up…` : t`Yes, sign up`}
            </Button>
          </>
        }
      >
        <p>
          <Trans>Are you sure to sign up for this class?</Trans>
        </p>
        <p className={styles.muted}>
          {item.is_free ? (
            <Trans>It is free. The class link will be sent to your registered e-mail.</Trans>
          ) : (
            <Trans>Next, you pay {price} by card. The class link is sent to your registered e-mail once the payment is confirmed.</Trans>
          )}
        </p>
      </Modal>
    </section>
  );
}

/** Already signed up (works spec §2, §8): the payment still to make, or the way to the class's link. */
function SignedUp({ item }: { item: ArtistClass }) {
  const { i18n } = useLingui();
  const price = priceLabel(item, i18n.locale);
  if (item.member_signup.status === 'pending') {
    return (
      <section className={styles.ticket} aria-labelledby="signup-title">
        <h2 id="signup-title" className={styles.blockTitle}>
          <Trans context="heading">Your sign-up</Trans>
        </h2>
        <TicketPrice item={item} />
        <PaymentPending item={item} payLabel={<Trans>Pay {price}</Trans>} />
      </section>
    );
  }
  const link = linkDetailHref(item.id);
  return (
    <section className={`${styles.ticket} ${styles.ticketDone}`} aria-labelledby="signup-title">
      <h2 id="signup-title" className={styles.blockTitle}>
        <Trans context="heading">You are signed up</Trans>
      </h2>
      <p className={styles.message}>
        <span className={styles.messageIcon} aria-hidden="true">
          <Icon name="check" />
        </span>
        <span>
          <Trans>You are signed up for this class. Its link was sent to your registered e-mail.</Trans>
        </span>
      </p>
      <div className={styles.actions}>
        <Link href={link.href} state={link.state} className={buttonClass({ size: 'large', block: true })}>
          {item.class_type === 'recorded' ? <Trans>Watch the class</Trans> : <Trans>Open the class link</Trans>}
        </Link>
      </div>
    </section>
  );
}

function ClassDetail({ item }: { item: ArtistClass }) {
  const { t } = useLingui();
  const tags = useNamedList('tags');
  const unknown = t`Unknown Tag`;
  const names = tags.data ? tagNames(item.tags, tags.data, unknown) : [];
  return (
    <article className={styles.detail}>
      <ClassSummary item={item} />
      {item.member_signup.is_signed_up && item.member_signup.status ? <SignedUp item={item} /> : <SignUp item={item} />}
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans context="heading">About this class</Trans>
        </h2>
        {item.description.trim() ? (
          <p className={styles.prose}>{item.description}</p>
        ) : (
          <p className={styles.muted}>
            <Trans>The artist has not written a description yet.</Trans>
          </p>
        )}
        <TagList names={names} />
      </section>
    </article>
  );
}

/** A class and its sign-up (works spec §2): opened from a card with artistClassId in the state, or `?id=`. */
export default function ArtistSignupDetailPage() {
  const { t } = useLingui();
  const id = classIdFrom(useHistoryState<unknown>(), useSearch(), 'artistClassId', 'id');
  return (
    <ClassPageFrame id={id} pageTitle={t`Artist class`}>
      {(item) => <ClassDetail item={item} />}
    </ClassPageFrame>
  );
}
