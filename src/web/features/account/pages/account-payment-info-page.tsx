import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { FREE_STATUS, formatDay, formatPrice, planPhase, planPriceLabel, type PlanPhase } from '@web/lib/billing-format';
import { useImageCount } from '@web/lib/image-count';
import { PAYMENTS_NEED_NETWORK, useNetworkAction } from '@web/lib/network-action';
import { useSubscriptionStatus } from '@web/lib/subscription';
import { Button, LinkButton } from '@web/ui/button';
import { Notice, PageShell, pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { NetworkButton } from '@web/ui/network-button';
import { useCancelSubscription } from '../api/cancel-subscription';
import { CancelPlanModal } from '../components/cancel-plan-modal';
import { ImageMeter } from '../components/image-meter';
import { PendingRequests } from '../components/pending-requests';
import { PaymentHistory } from '../components/payment-history';
import styles from '../components/payment-info.module.css';

const CHIP: Record<PlanPhase, string | undefined> = {
  free: undefined,
  renews: styles.chipActive,
  ends: styles.chipEnding,
  pending: styles.chipEnding,
};

/**
 * The parent's plan (issue 13): which plan, where it stands, the family's images against its limit, and the next
 * renewal or the last day. Premium can be cancelled here; it stays until the period paid for ends. A failed status
 * reads as the free plan and a failed count as zero (works spec §8); the failure shows in a message block.
 */
export default function AccountPaymentInfoPage() {
  const { t, i18n } = useLingui();
  const status = useSubscriptionStatus();
  const count = useImageCount();
  const cancel = useCancelSubscription();
  const network = useNetworkAction(PAYMENTS_NEED_NETWORK);
  const [confirming, setConfirming] = useState(false);

  const current = status.data ?? FREE_STATUS;
  const phase = planPhase(current);
  const plan = phase === 'free' ? null : current.plan;
  const end = formatDay(cancel.data?.current_period_end ?? current.current_period_end, i18n.locale);
  const phaseLabel: Record<PlanPhase, string> = {
    free: t`Free plan`,
    renews: t`Active`,
    ends: t`Cancelled`,
    pending: t`Payment pending`,
  };

  const onCancel = async () => {
    const answer = await cancel.mutateAsync().catch(() => null);
    setConfirming(false);
    if (answer) void status.refetch();
  };

  return (
    <PageShell title={t({ message: `Payment Information`, context: 'heading' })} eyebrow={t`Your plan`} width="narrow">
      {status.isError && (
        <Notice tone="error">
          <Trans>Your plan could not be loaded, so the free plan is shown.</Trans> {status.error.message}{' '}
          <Button variant="ghost" size="small" onClick={() => void status.refetch()}>
            {t`Try again`}
          </Button>
        </Notice>
      )}
      {cancel.error && <Notice tone="error">{cancel.error.message}</Notice>}
      {cancel.data && (
        <Notice>
          {cancel.data.message}
          {end && (
            <>
              {'\n'}
              <strong>
                <Trans>Premium stays until {end}.</Trans>
              </strong>
            </>
          )}
        </Notice>
      )}
      <div className={[pageStyles.card, styles.plan, plan && styles.paid].filter(Boolean).join(' ')}>
        {status.isPending ? (
          <div role="status">
            <span className="visually-hidden">{t`Loading your plan…`}</span>
            <SkeletonBlock height={120} />
          </div>
        ) : (
          <>
            <div className={styles.planHead}>
              <div>
                <span className={styles.eyebrow}>
                  <Trans>Current plan</Trans>
                </span>
                <h2 className={styles.planName}>
                  {plan
                    ? plan.code === 'premium'
                      ? t({ message: `Premium`, context: 'heading' })
                      : plan.name
                    : t({ message: `Free`, context: 'heading' })}
                </h2>
                <p className={styles.price}>{plan ? planPriceLabel(i18n, plan) : formatPrice(0, 'jpy', i18n.locale)}</p>
              </div>
              {phase !== 'free' && <span className={`${styles.chip} ${CHIP[phase] ?? ''}`}>{phaseLabel[phase]}</span>}
            </div>
            {(phase === 'renews' || phase === 'ends') && end && (
              <dl className={styles.facts}>
                <div className={styles.fact}>
                  <dt>{phase === 'renews' ? t`Next renewal` : t`Ends on`}</dt>
                  <dd>{end}</dd>
                </div>
              </dl>
            )}
            {phase === 'ends' && (
              <p className={styles.meterHint}>
                <Trans>After that, the free plan's 5-image limit applies to new uploads. Nothing already stored is removed.</Trans>
              </p>
            )}
            {phase === 'pending' && (
              <p className={styles.meterHint}>
                <Trans>A payment is still being confirmed. Check again in a moment.</Trans>
              </p>
            )}
          </>
        )}
        {count.data ? <ImageMeter total={count.data.total_images} limit={count.data.limit} /> : <SkeletonBlock height={110} />}
        <div className={styles.actions}>
          {phase === 'renews' || phase === 'ends' ? (
            <LinkButton href="/plans" variant="secondary" block>
              <Trans>Compare the plans</Trans>
            </LinkButton>
          ) : (
            <LinkButton href="/plans" size="large" block>
              <Trans>Upgrade to Premium</Trans>
            </LinkButton>
          )}
        </div>
        {phase === 'renews' && (
          <div className={styles.cancelZone}>
            <NetworkButton
              network={network}
              onPress={() => setConfirming(true)}
              variant="dangerOutline"
              block
              reasonClassName={styles.reason}
            >
              <Trans>Cancel the plan</Trans>
            </NetworkButton>
          </div>
        )}
      </div>
      <PendingRequests />
      <PaymentHistory />
      <CancelPlanModal
        open={confirming}
        until={end}
        pending={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => network.run(() => void onCancel())}
      />
    </PageShell>
  );
}
