import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import type { Work } from '@contract/works';
import { Avatar } from '@web/ui/avatar';
import { LikeButton } from '@web/ui/like-button';
import { WorkCard } from '@web/ui/work-card';
import { formatDate } from './format';
import styles from './works.module.css';
import { useLikeToggle } from './use-like-toggle';

interface WorkTileProps {
  work: Work;
  showAuthor?: boolean;
  /** 'toggle': likes can be pressed; 'static': shown only (My Collection, user gallery). */
  likes?: 'toggle' | 'static';
  showDescription?: boolean;
  like?: ReturnType<typeof useLikeToggle>;
  /** false: shown only, not a link to its page. */
  linked?: boolean;
  /** Not linked: what a tap does instead, and the note it shows (WorkCard). */
  onOpen?: () => void;
  note?: ReactNode;
  badge?: ReactNode;
}

/** One server work on the wall; clicking it opens /gallery-detail/{id}. */
export function WorkTile({
  work,
  showAuthor = false,
  likes = 'static',
  showDescription = true,
  like,
  linked = true,
  onOpen,
  note,
  badge,
}: WorkTileProps) {
  const { i18n } = useLingui();
  const first = work.images_data[0];
  return (
    <WorkCard
      href={linked ? `/gallery-detail/${work.id}` : undefined}
      onOpen={linked ? undefined : onOpen}
      note={note}
      badge={badge}
      imageSrc={first ? first.thumbnail_url || first.image_url : null}
      title={work.title}
      date={formatDate(work.created_at, i18n.locale)}
      description={showDescription ? work.description : undefined}
      footer={
        <>
          {showAuthor && (
            <span className={styles.author}>
              <Avatar username={work.member.username} src={work.member.profile_picture} size={32} />
              <span className={styles.authorName}>{work.member.username}</span>
            </span>
          )}
          <LikeButton
            liked={work.is_liked_by_user}
            count={work.likes_count}
            busy={like?.busyId === work.id}
            onToggle={likes === 'toggle' && like ? () => void like.toggle(work) : undefined}
          />
        </>
      }
    />
  );
}
