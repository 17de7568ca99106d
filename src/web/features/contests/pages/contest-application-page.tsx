import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';

import type { Contest } from '@contract/contests';
import { M } from '@contract/messages';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { contestHref } from '../components/contest-card';
import { entryBlock } from '../components/contest-logic';
import { ContestAbout, ContestPageFrame, ContestSummary } from '../components/contest-page-frame';
import { EntryHistory } from '../components/entry-history';
import { GalleryPickerModal } from '../components/gallery-picker-modal';
import { UploadEntryModal } from '../components/upload-entry-modal';
import styles from '../components/contest-page.module.css';

/** How many entries the application page shows (works spec §9). */
const HISTORY_SHOWN = 5;

/** A child's way in: the two entry buttons, or why they are off (not in session, members only). */
function EnterContest({ contest }: { contest: Contest }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<'gallery' | 'upload' | null>(null);
  const block = entryBlock(contest);
  const organization = contest.organization.name;
  const reason =
    block === 'members_only'
      ? i18n._(M.contestMembersOnly.id, { organization })
      : block === 'not_in_session'
        ? i18n._(M.contestNotInSession.id)
        : null;

  const entered = (message: string) => {
    setOpen(null);
    notify.success(message || i18n._(M.contestSubmitted.id));
    navigate('/my-contests');
  };

  return (
    <section className={`${styles.block} ${styles.enter}`} aria-labelledby="enter-title">
      <h2 id="enter-title" className={styles.blockTitle}>
        <Trans context="heading">Enter this contest</Trans>
      </h2>
      {contest.my_entries.length > 0 && (
        <p className={styles.enteredNote}>
          <span aria-hidden="true">✓ </span>
          <Trans>You have entered this contest.</Trans>
        </p>
      )}
      <div className={styles.enterButtons}>
        <Button
          size="large"
          block
          disabled={block !== null}
          aria-describedby={reason ? 'enter-reason' : undefined}
          onClick={() => setOpen('gallery')}
        >
          <Trans>Apply through My Gallery</Trans>
        </Button>
        <Button
          size="large"
          variant="secondary"
          block
          disabled={block !== null}
          aria-describedby={reason ? 'enter-reason' : undefined}
          onClick={() => setOpen('upload')}
        >
          <Trans>Upload and submit your work</Trans>
        </Button>
      </div>
      {reason && (
        <p id="enter-reason" className={styles.reasonBox}>
          {reason}
        </p>
      )}
      {block === null && (
        <>
          <GalleryPickerModal open={open === 'gallery'} contest={contest} onClose={() => setOpen(null)} onEntered={entered} />
          <UploadEntryModal open={open === 'upload'} contest={contest} onClose={() => setOpen(null)} onEntered={entered} />
        </>
      )}
      {!reason && (
        <p className={styles.muted}>{t`Your work's first image, its title and your username will appear in the entry history.`}</p>
      )}
    </section>
  );
}

function Application({ contest }: { contest: Contest }) {
  const isChild = useSession((s) => Boolean(s.childToken));
  const shown = contest.entry_history.slice(0, HISTORY_SHOWN);
  const count = contest.entry_count;
  return (
    <article className={styles.detail}>
      <ContestSummary contest={contest} />
      <ContestAbout contest={contest} />
      {isChild ? (
        <EnterContest contest={contest} />
      ) : (
        <p className={styles.reasonBox}>
          <Trans>To enter, choose a child's profile: only children can enter contests.</Trans>
        </p>
      )}
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans context="heading">Entry history</Trans>
        </h2>
        <EntryHistory entries={shown} winnerId={contest.winner?.id} />
        {count > shown.length && (
          <Link {...contestHref('/contest-detail', contest.id)} className={styles.moreLink}>
            <Trans>See all {count} entries</Trans>
          </Link>
        )}
      </section>
    </article>
  );
}

/** A contest's page for entering it (works spec §2; login required). */
export default function ContestApplicationPage() {
  const { t } = useLingui();
  return <ContestPageFrame pageTitle={t`Contest application`}>{(contest) => <Application contest={contest} />}</ContestPageFrame>;
}
