import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { Contest } from '@contract/contests';
import { Avatar } from '@web/ui/avatar';
import { framedCardStyles } from '@web/ui/framed-card';
import { ContestAbout, ContestPageFrame, ContestSummary } from '../components/contest-page-frame';
import { EntryHistory } from '../components/entry-history';
import styles from '../components/contest-page.module.css';

/** The winning entry, framed in gold. */
function Winner({ contest }: { contest: Contest }) {
  const { t } = useLingui();
  const winner = contest.winner;
  if (!winner) return null;
  const picture = (
    <span className={styles.winnerFrame}>
      <span className={styles.winnerMat}>
        {winner.image ? (
          <img src={winner.image} alt={winner.title} width={480} height={480} loading="lazy" decoding="async" />
        ) : (
          <span className={framedCardStyles.noImage} aria-hidden="true" />
        )}
      </span>
    </span>
  );
  const username = contest.user?.username ?? winner.username;
  return (
    <section className={styles.winner} aria-labelledby="winner-title">
      <h2 id="winner-title" className={styles.winnerHeading}>
        <span aria-hidden="true">★ </span>
        <Trans context="heading">Winner</Trans>
      </h2>
      {winner.can_view ? <Link href={`/gallery-detail/${winner.work_id}`}>{picture}</Link> : picture}
      <p className={styles.winnerTitle}>{winner.title}</p>
      <p className={styles.entryArtist}>
        <Avatar username={username} src={contest.user?.profile_picture ?? winner.profile_picture} size={32} />
        <span>{t`by ${username}`}</span>
      </p>
    </section>
  );
}

/** A contest, read only (works spec §2; login required): the My Contests page's Details. */
export default function ContestDetailPage() {
  const { t } = useLingui();
  return (
    <ContestPageFrame pageTitle={t`Contest details`}>
      {(contest) => (
        <article className={styles.detail}>
          <ContestSummary contest={contest} />
          <Winner contest={contest} />
          <ContestAbout contest={contest} />
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>
              <Trans context="heading">Entry history</Trans>
            </h2>
            <EntryHistory entries={contest.entry_history} winnerId={contest.winner?.id} />
          </section>
        </article>
      )}
    </ContestPageFrame>
  );
}
