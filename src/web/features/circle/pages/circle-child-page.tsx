import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

import { CIRCLE_COMMENT_MAX, CIRCLE_STAMPS, type CircleWork } from '@contract/circle';
import { fieldErrors } from '@web/lib/api-error';
import { formatDay } from '@web/lib/billing-format';
import { useFollowedChildren } from '@web/lib/circle';
import { roleName } from '@web/lib/circle-roles';
import { notify } from '@web/lib/toast';
import { Carousel } from '@web/ui/carousel';
import { StampSeal, useStampWord } from '@web/ui/circle-stamp';
import { EmptyState } from '@web/ui/empty-state';
import { TextAreaField } from '@web/ui/field';
import { Button, LinkButton } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { Loading, PageShell } from '@web/ui/page-shell';
import { SeeMore } from '@web/ui/see-more';
import { WorkCard } from '@web/ui/work-card';
import { markSeen, useChildCircleWorks, useComment, useStamp } from '../api/circle';
import styles from './circle.module.css';

/** The stickers to choose from, the comments the fan may see, and a comment box. */
function Reactions({ work, childId }: { work: CircleWork; childId: number }) {
  const childName = work.member.username;
  const { t, i18n } = useLingui();
  const word = useStampWord();
  const stamp = useStamp(childId);
  const comment = useComment(childId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const circle = work.circle;
  const counts = new Map(circle.stamps.map((s) => [s.stamp, s.count]));
  const send = () =>
    comment.mutate(
      { workId: work.id, body: text },
      {
        onSuccess: (sent) => {
          setText('');
          setError(undefined);
          notify.success(sent.pending ? t`Sent. The family will see it once a parent has approved it.` : t`Your comment is on the work.`);
        },
        onError: (err) => setError(fieldErrors(err).body),
      },
    );
  return (
    <div className={styles.reactions}>
      <div className={styles.stamps} role="group" aria-label={t`Stickers`}>
        {CIRCLE_STAMPS.map((s) => {
          const mine = circle.my_stamp === s;
          const n = counts.get(s) ?? 0;
          return (
            <button
              key={s}
              type="button"
              className={styles.stamp}
              aria-pressed={mine}
              disabled={stamp.isPending}
              onClick={() => stamp.mutate({ workId: work.id, stamp: mine ? null : s })}
            >
              <StampSeal stamp={s} size={52} />
              <span className={styles.stampWord}>
                {word(s)}
                {n > 0 && <span className={styles.stampCount}> {n}</span>}
              </span>
            </button>
          );
        })}
      </div>
      {circle.comments.length > 0 && (
        <ul className={styles.comments} aria-label={t`Comments`}>
          {circle.comments.map((c) => (
            <li key={c.id} className={styles.comment} data-pending={c.pending}>
              <span className={styles.commentWho}>{roleName(i18n, c.role, c.role_label)}</span>
              <p className={styles.commentBody}>{c.body}</p>
              {c.reply && (
                <span className={styles.commentReply}>
                  <StampSeal stamp={c.reply} size={32} />
                  <Trans>
                    {childName}'s answer: {word(c.reply)}
                  </Trans>
                </span>
              )}
              {c.pending && (
                <span className={styles.commentWaiting}>
                  <Trans>Waiting for a parent's approval</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.commentForm}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <TextAreaField
          label={t`Write a comment`}
          value={text}
          maxLength={CIRCLE_COMMENT_MAX}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          error={error}
          hint={t`${text.length} / ${CIRCLE_COMMENT_MAX}`}
        />
        <Button type="submit" disabled={comment.isPending || text.trim() === ''} aria-busy={comment.isPending}>
          {comment.isPending ? t`Sending…` : t`Send`}
        </Button>
      </form>
    </div>
  );
}

/** One work, large: its pictures, title, the child's words and age when it was made, and the circle's reactions. */
function WorkView({ work, childId, onClose }: { work: CircleWork; childId: number; onClose: () => void }) {
  const { i18n } = useLingui();
  const age = work.creator_age;
  const day = formatDay(work.created_at, i18n.locale);
  useEffect(() => markSeen(work.id), [work.id]);
  return (
    <Modal
      open
      title={work.title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <Carousel protect title={work.title} images={work.images_data.map((i) => ({ id: i.id, src: i.image_url, thumb: i.thumbnail_url }))} />
      <p className={styles.workMeta}>
        {age === null ? (
          day
        ) : (
          <Trans>
            {day} · drawn at age {age}
          </Trans>
        )}
      </p>
      {work.description && <p className={styles.workWords}>{work.description}</p>}
      <Reactions work={work} childId={childId} />
    </Modal>
  );
}

/** A followed child's circle works, newest first (issue 32): readable offline once seen, like the family gallery. */
export function ChildMuseum({ id }: { id: number }) {
  const { t } = useLingui();
  const followed = useFollowedChildren();
  const works = useChildCircleWorks(id);
  const [openId, setOpenId] = useState<number | null>(null);
  const child = followed.data?.results.find((k) => k.id === id);
  // Removed from the circle (or the child no longer followed): the answer replaced what this phone kept.
  const gone = Boolean(works.data?.pages[0]?.gone);
  const list = works.data?.pages.flatMap((p) => p.results) ?? [];
  // The open work from the kept pages, so a sticker or comment shows as soon as its answer is in.
  const open = list.find((w) => w.id === openId) ?? null;
  const title = child ? t`${child.username}'s museum` : t({ message: 'Family circle', context: 'heading' });

  return (
    <PageShell title={title} eyebrow={t`Family circle`}>
      <OfflineDataNote query={works} />
      {works.isPending && !works.data ? (
        <Loading label={t`Loading the works…`} />
      ) : gone || !works.data ? (
        <EmptyState action={<LinkButton href="/circle">{t`Back to the family circle`}</LinkButton>}>
          {gone ? (
            <Trans>You do not follow this child, or the family has removed you from its circle.</Trans>
          ) : (
            <Trans>The works could not be loaded. Please check the connection and try again.</Trans>
          )}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState action={<LinkButton href="/circle">{t`Back to the family circle`}</LinkButton>}>
          <Trans>Nothing has been shared with the family circle yet.</Trans>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.wall}>
            {list.map((w) => (
              <WorkCard
                key={w.id}
                onOpen={() => setOpenId(w.id)}
                imageSrc={w.images_data[0]?.thumbnail_url ?? null}
                title={w.title}
                date={w.creator_age === null ? undefined : t`Age ${w.creator_age}`}
              />
            ))}
          </ul>
          <SeeMore hasMore={Boolean(works.hasNextPage)} loading={works.isFetchingNextPage} onMore={() => void works.fetchNextPage()} />
        </>
      )}
      {open && <WorkView work={open} childId={id} onClose={() => setOpenId(null)} />}
    </PageShell>
  );
}
