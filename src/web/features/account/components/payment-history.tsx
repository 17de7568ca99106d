import { Trans, useLingui } from '@lingui/react/macro';

import type { PaymentItem, PaymentStatus } from '@contract/payments';
import { formatPrice } from '@web/lib/billing-format';
import { formatInJapan } from '@web/lib/japan-time';
import { Button } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { SeeMore } from '@web/ui/see-more';
import { SkeletonBlock } from '@web/ui/skeleton';
import { usePaymentHistory } from '../api/get-payment-history';
import styles from './payment-history.module.css';

const BADGE: Record<PaymentStatus, string | undefined> = {
  paid: styles.paid,
  refunded: styles.refunded,
  failed: styles.failed,
  pending: styles.pending,
};

function usePaymentWords() {
  const { t } = useLingui();
  const status: Record<PaymentStatus, string> = {
    paid: t({ message: 'Paid', context: 'payment status' }),
    refunded: t({ message: 'Refunded', context: 'payment status' }),
    failed: t({ message: 'Failed', context: 'payment status' }),
    pending: t({ message: 'Pending', context: 'payment status' }),
  };
  const what = (item: PaymentItem): string => {
    if (item.plan) {
      const name = item.plan.code === 'premium' ? t`Premium` : item.plan.name;
      if (item.plan.interval === 'month') return t`${name} plan (monthly)`;
      if (item.plan.interval === 'year') return t`${name} plan (yearly)`;
      return t`${name} plan`;
    }
    return item.artist_class?.title ?? t`A class`;
  };
  const why = (item: PaymentItem): string | null => {
    if (item.status === 'refunded') return t`The full amount was given back to the card.`;
    if (item.status === 'pending') return t`Waiting for the payment.`;
    if (item.status !== 'failed') return null;
    if (item.failure === 'card_declined') return t`The card was declined.`;
    if (item.failure === 'insufficient_funds') return t`The card had insufficient funds.`;
    return item.plan ? t`The renewal could not be charged to the card.` : t`The payment did not go through.`;
  };
  return { status, what, why };
}

/**
 * The account's payments (issue 28): each with its day and time in Japan, what it was for (a class, or the plan), the
 * child, the amount and where it stands, newest first, with See more. Kept for offline like the galleries: offline,
 * the kept page shows with the note, or the note alone when nothing was kept.
 */
export function PaymentHistory() {
  const { t, i18n } = useLingui();
  const history = usePaymentHistory();
  const waiting = useWaitsForNetwork(history);
  const words = usePaymentWords();
  const items = history.data?.pages.flatMap((p) => p.results) ?? [];

  return (
    <section className={styles.history} aria-labelledby="payment-history-title" data-testid="payment-history">
      <h2 id="payment-history-title" className={styles.title}>
        <Trans context="heading">Payment history</Trans>
      </h2>
      <OfflineDataNote query={history} subject="details" />
      {waiting ? null : !history.data && history.isError ? (
        <p className={styles.error}>
          <Trans>The payment history could not be loaded.</Trans>{' '}
          <Button variant="ghost" size="small" onClick={() => void history.refetch()}>
            {t`Try again`}
          </Button>
        </p>
      ) : !history.data ? (
        <div role="status">
          <span className="visually-hidden">{t`Loading the payment history…`}</span>
          <SkeletonBlock height={96} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>No payments yet. Payments for classes and plans will be listed here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <ol className={styles.list}>
            {items.map((item) => {
              const when = formatInJapan(item.created_at, i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
              const why = words.why(item);
              const child = item.profile?.username;
              return (
                <li key={item.id} className={styles.item} data-status={item.status}>
                  <div className={styles.top}>
                    <time className={styles.when} dateTime={item.created_at}>
                      {when}
                    </time>
                    <span className={`${styles.badge} ${BADGE[item.status] ?? ''}`}>{words.status[item.status]}</span>
                  </div>
                  <div className={styles.main}>
                    <div className={styles.what}>
                      <p className={styles.for}>{words.what(item)}</p>
                      {child && <p className={styles.child}>{t`For ${child}`}</p>}
                    </div>
                    <p className={`${styles.amount} ${item.status === 'paid' ? '' : styles.amountQuiet}`}>
                      {formatPrice(item.amount, item.currency, i18n.locale)}
                    </p>
                  </div>
                  {why && <p className={styles.why}>{why}</p>}
                </li>
              );
            })}
          </ol>
          <p className={styles.note}>
            <Trans>Amounts include consumption tax. Dates and times are Japan time.</Trans>
          </p>
          <SeeMore
            hasMore={Boolean(history.hasNextPage)}
            loading={history.isFetchingNextPage}
            onMore={() => void history.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
