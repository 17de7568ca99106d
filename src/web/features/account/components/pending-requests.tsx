import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { ParentRequest, ParentRequestApproved } from '@contract/parent-word';
import { formatDay, formatPrice } from '@web/lib/billing-format';
import { PAYMENTS_NEED_NETWORK, useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { LocalCardForm } from '@web/ui/local-card-form';
import { payLocally, useAnswerRequest, useParentRequests, useRefreshRequests } from '../api/parent-requests';
import styles from './pending-requests.module.css';

type Payment = NonNullable<ParentRequestApproved['payment']>;

/** One request: who asked, what, and the parent's yes or no; a yes to a payment opens the card form here. */
function RequestItem({ request }: { request: ParentRequest }) {
  const { t, i18n } = useLingui();
  const answer = useAnswerRequest();
  const network = useNetworkAction(PAYMENTS_NEED_NETWORK);
  const [paying, setPaying] = useState<Payment | null>(null);
  const refresh = useRefreshRequests();
  const name = request.profile.username;
  const day = formatDay(request.created_at, i18n.locale);

  const respond = (choice: 'approve' | 'decline') =>
    network.run(() =>
      answer.mutate(
        { id: request.id, answer: choice },
        {
          onSuccess: (done) => {
            if (done.payment?.payment_intent_client_secret) setPaying(done.payment);
            else notify.success(done.message);
          },
        },
      ),
    );

  let what;
  if (request.kind === 'profile_delete') {
    what = <Trans>{name} asks to delete their profile and every work.</Trans>;
  } else {
    const cls = request.artist_class!;
    const className = cls.name;
    const price = formatPrice(cls.price, cls.currency, i18n.locale);
    what = (
      <Trans>
        {name} asks to join “{className}” for {price}.
      </Trans>
    );
  }

  return (
    <li className={styles.item}>
      <div className={styles.who}>
        <Avatar username={name} src={request.profile.profile_picture} size={44} />
        <div>
          <p className={styles.what}>{what}</p>
          {day && <p className={styles.when}>{day}</p>}
        </div>
      </div>
      {paying ? (
        <LocalCardForm
          amount={paying.amount}
          currency={paying.currency}
          disabledReason={network.reason}
          onPay={async (card) => {
            const error = await payLocally(paying.payment_intent_client_secret!, card);
            if (!error) {
              notify.success(t`Paid. ${name} is signed up.`);
              refresh();
            }
            return error;
          }}
        />
      ) : (
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={answer.isPending} onClick={() => respond('decline')}>
            {t({ message: 'Decline', context: 'a parent answering a child' })}
          </Button>
          <Button
            variant={request.kind === 'profile_delete' ? 'danger' : 'primary'}
            disabled={answer.isPending}
            onClick={() => respond('approve')}
          >
            {request.kind === 'profile_delete' ? t`Delete` : t`Approve and pay`}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * A parent's word (decisions.md; issue 28): what the children asked for on their own devices that needs the
 * parent, a class's payment or a profile's deletion, to approve or decline here. Nothing shows while none waits.
 */
export function PendingRequests() {
  const requests = useParentRequests();
  const results = requests.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="waiting-title">
      <h2 id="waiting-title" className={styles.title}>
        <Trans context="heading">Waiting for you</Trans>
        <span className={styles.count}>{results.length}</span>
      </h2>
      <ul className={styles.list}>
        {results.map((r) => (
          <RequestItem key={r.id} request={r} />
        ))}
      </ul>
    </section>
  );
}
