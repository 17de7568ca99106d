import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';

import { checkoutSessionId } from '@contract/billing';
import { M } from '@contract/messages';
import { formatDay, isPaid, planPhase } from '@web/lib/billing-format';
import { apiKey } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';
import { useSubscriptionStatus } from '@web/lib/subscription';
import { Button, LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { Loading, PageShell, pageStyles } from '@web/ui/page-shell';
import styles from '../components/billing.module.css';
import { DoneArt } from '../components/plan-art';

/** Asks the museum again whether the payment went through. */
function CheckAgain({ status }: { status: { refetch: () => Promise<unknown>; isFetching: boolean } }) {
  const { t } = useLingui();
  return (
    <Button onClick={() => void status.refetch()} disabled={status.isFetching} aria-busy={status.isFetching}>
      {status.isFetching ? t`Checking…` : t`Check again`}
    </Button>
  );
}

/**
 * Where the provider's checkout returns (/payment-complete?session_id=cs_…). The status call settles that checkout
 * with the provider itself (the return address proves nothing), then says what the family has: Premium until a day,
 * or a payment still being confirmed, with a way to ask again.
 */
export default function PaymentCompletePage() {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('session_id') ?? '';
  const parsed = checkoutSessionId.safeParse(raw);
  const sessionId = parsed.success ? parsed.data : undefined;
  const parent = useSession((s) => Boolean(s.token) && !s.childToken);
  const hasChild = useSession((s) => Boolean(s.childToken));
  // A child token is refused on the parent's call: the page then asks for the parent account instead.
  const status = useSubscriptionStatus({ enabled: parent && sessionId !== undefined, sessionId });
  const paid = status.data ? isPaid(status.data) : false;

  // Paid: the image limit is lifted, so the forms' count and every billing answer are read afresh.
  useEffect(() => {
    if (!paid) return;
    void client.invalidateQueries({ queryKey: queryKeys.imageCount });
    void client.invalidateQueries({ queryKey: apiKey('billingStatus'), exact: true });
  }, [paid, client]);

  const title = t({ message: `Payment`, context: 'heading' });
  if (!sessionId) {
    return (
      <PageShell title={title} width="narrow">
        <EmptyState action={<LinkButton href="/plans">{t`See the plans`}</LinkButton>}>
          <p>{i18n._(M.paymentSessionInvalid.id)}</p>
        </EmptyState>
      </PageShell>
    );
  }
  if (!parent) {
    return (
      <PageShell title={title} width="narrow">
        <EmptyState
          action={<LinkButton href={hasChild ? '/my-work' : '/login'}>{hasChild ? t`Back to My Gallery` : t`Log in`}</LinkButton>}
        >
          <p>
            <Trans>The payment is confirmed on the parent account. Open this page again with the parent account to see your plan.</Trans>
          </p>
        </EmptyState>
      </PageShell>
    );
  }
  if (!status.data && status.isPending) {
    return (
      <PageShell title={title} width="narrow">
        <Loading label={t`Confirming your payment…`} />
      </PageShell>
    );
  }
  if (!status.data) {
    return (
      <PageShell title={title} width="narrow">
        <EmptyState role="status" action={<CheckAgain status={status} />}>
          <p>
            <Trans>We could not confirm your payment just now.</Trans>
          </p>
          <p className={pageStyles.lead}>{status.error?.message}</p>
        </EmptyState>
      </PageShell>
    );
  }
  if (!paid) {
    const pending = planPhase(status.data) === 'pending';
    return (
      <PageShell title={title} width="narrow">
        <EmptyState
          role="status"
          action={
            <>
              <CheckAgain status={status} />
              <LinkButton href="/plans" variant="secondary">
                {t`Back to the plans`}
              </LinkButton>
            </>
          }
        >
          {pending ? (
            <p>
              <Trans>Your payment is still being confirmed. This usually takes a moment.</Trans>
            </p>
          ) : (
            <p>{i18n._(M.paymentNotSuccessful.id)}</p>
          )}
        </EmptyState>
      </PageShell>
    );
  }

  const until = formatDay(status.data.current_period_end, i18n.locale);
  return (
    <PageShell title={title} width="narrow">
      <div className={`${pageStyles.card} ${styles.done}`} role="status">
        <DoneArt className={styles.doneArt} />
        <h2 className={styles.doneTitle}>
          <Trans context="heading">Payment completed</Trans>
        </h2>
        <p className={styles.doneText}>
          {until ? <Trans>Premium is active until {until}, and renews each month.</Trans> : <Trans>Premium is active.</Trans>}
        </p>
        <p className={styles.doneText}>
          <Trans>Your family can now keep every drawing: there is no limit on images.</Trans>
        </p>
        <div className={styles.doneActions}>
          <LinkButton href="/add-user" size="large" block>
            <Trans>Choose a user and register a work</Trans>
          </LinkButton>
          <LinkButton href="/account-payment-info" variant="secondary" block>
            <Trans>See your plan</Trans>
          </LinkButton>
        </div>
      </div>
    </PageShell>
  );
}
