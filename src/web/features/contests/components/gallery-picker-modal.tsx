import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import type { Contest } from '@contract/contests';
import type { Work } from '@contract/works';
import { useNetworkAction } from '@web/lib/network-action';
import { useWorkList, type WorkFilters } from '@web/lib/work-lists';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import { Notice } from '@web/ui/page-shell';
import { WorkSearchBar } from '@web/ui/search-bar';
import { SeeMore } from '@web/ui/see-more';
import { useSubmitEntry } from '../api/enter-contest';
import { ConsentCheck } from './consent-check';
import { ENTRY_NEEDS_NETWORK } from './entry-offline';
import styles from './entry.module.css';

interface GalleryPickerProps {
  open: boolean;
  contest: Pick<Contest, 'id' | 'name' | 'my_entries'>;
  onClose: () => void;
  /** The entry went in: the server's message. */
  onEntered: (message: string) => void;
}

function WorkChoice({
  work,
  name,
  selected,
  entered,
  onSelect,
}: {
  work: Work;
  name: string;
  selected: boolean;
  entered: boolean;
  onSelect: () => void;
}) {
  const { t } = useLingui();
  const thumbnail = work.images_data[0]?.thumbnail_url ?? null;
  return (
    <li>
      <label className={[styles.choice, selected && styles.choiceSelected, entered && styles.choiceEntered].filter(Boolean).join(' ')}>
        <input
          type="radio"
          name={name}
          value={work.id}
          checked={selected}
          disabled={entered}
          onChange={onSelect}
          className="visually-hidden"
        />
        <span className={styles.choiceFrame}>
          {thumbnail ? (
            <img src={thumbnail} alt="" width={160} height={160} loading="lazy" decoding="async" />
          ) : (
            <span className={styles.noImage} />
          )}
          {selected && (
            <span className={styles.choiceTick} aria-hidden="true">
              ✓
            </span>
          )}
        </span>
        <span className={styles.choiceTitle}>{work.title}</span>
        {entered && <span className={styles.choiceNote}>{t`Already entered`}</span>}
      </label>
    </li>
  );
}

/**
 * Apply through My Gallery (works spec §2): the child's own works, searched by title and category, one chosen;
 * then the consent and Submit. The server's refusal (already entered, members only, not in session) is shown here,
 * and the choice stays.
 */
export function GalleryPickerModal({ open, contest, onClose, onEntered }: GalleryPickerProps) {
  const { t } = useLingui();
  const [filters, setFilters] = useState<WorkFilters>({});
  const [chosen, setChosen] = useState<Work | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const [consent, setConsent] = useState(false);
  const works = useWorkList('myWorks', filters, { enabled: open });
  const submit = useSubmitEntry();
  const network = useNetworkAction(ENTRY_NEEDS_NETWORK);
  const groupName = useId();
  const list = works.data?.pages.flatMap((p) => p.results) ?? [];
  const entered = new Set(contest.my_entries);

  const close = () => {
    if (submit.isPending) return;
    submit.reset();
    setStep('pick');
    setConsent(false);
    onClose();
  };

  const send = () =>
    network.run(() => {
      if (!chosen || !consent) return;
      submit.mutate({ contestId: contest.id, workId: chosen.id }, { onSuccess: (answer) => onEntered(answer.message) });
    });

  const error = submit.error?.message;
  const contestName = contest.name;
  const pickActions = (
    <>
      <Button variant="ghost" onClick={close}>
        <Trans>Cancel</Trans>
      </Button>
      <Button onClick={() => setStep('confirm')} disabled={!chosen}>
        <Trans>Next</Trans>
      </Button>
    </>
  );
  const confirmActions = (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          submit.reset();
          setStep('pick');
        }}
        disabled={submit.isPending}
      >
        <Trans>Back</Trans>
      </Button>
      <Button
        onClick={send}
        disabled={!consent || submit.isPending}
        aria-busy={submit.isPending}
        aria-disabled={!network.available || undefined}
        aria-describedby={network.reason ? network.reasonId : undefined}
      >
        {submit.isPending ? <Trans>Submitting...</Trans> : <Trans>Submit</Trans>}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      onClose={close}
      title={t({ message: `Apply through My Gallery`, context: 'heading' })}
      actions={step === 'pick' ? pickActions : confirmActions}
    >
      {network.reason && (
        <p id={network.reasonId} className={styles.offline} role="status">
          {network.reason}
        </p>
      )}
      {step === 'pick' ? (
        <div className={styles.picker}>
          <WorkSearchBar compact label={t`Search by title`} placeholder={t`Search by title`} maxLength={100} onSearch={setFilters} />
          {works.isPending ? (
            <ul className={styles.choices} aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className={styles.skeletonChoice} />
              ))}
            </ul>
          ) : works.isError && !list.length ? (
            <Notice tone="error">{works.error.message}</Notice>
          ) : !list.length ? (
            <p className={styles.muted}>
              {filters.search || filters.category ? (
                <Trans>No works match this search.</Trans>
              ) : (
                <Trans>Your gallery has no works yet. Use "Upload and submit your work" instead.</Trans>
              )}
            </p>
          ) : (
            <fieldset className={styles.choiceGroup}>
              <legend className="visually-hidden">{t`Choose one of your works`}</legend>
              <ul className={styles.choices}>
                {list.map((work) => (
                  <WorkChoice
                    key={work.id}
                    work={work}
                    name={groupName}
                    selected={chosen?.id === work.id}
                    entered={entered.has(work.id)}
                    onSelect={() => setChosen(work)}
                  />
                ))}
              </ul>
            </fieldset>
          )}
          <SeeMore hasMore={Boolean(works.hasNextPage)} loading={works.isFetchingNextPage} onMore={() => void works.fetchNextPage()} />
        </div>
      ) : (
        chosen && (
          <div className={styles.confirm}>
            <p className={styles.muted}>
              <Trans>You are entering this work in {contestName}:</Trans>
            </p>
            <div className={styles.confirmWork}>
              <span className={styles.choiceFrame}>
                {chosen.images_data[0] ? (
                  <img src={chosen.images_data[0].thumbnail_url} alt="" width={160} height={160} decoding="async" />
                ) : (
                  <span className={styles.noImage} />
                )}
              </span>
              <strong>{chosen.title}</strong>
            </div>
            <ConsentCheck checked={consent} onChange={setConsent} disabled={submit.isPending} />
            {error && <Notice tone="error">{error}</Notice>}
          </div>
        )
      )}
    </Modal>
  );
}
