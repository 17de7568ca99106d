import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { AdminBanner } from '@contract/console';
import { M } from '@contract/messages';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useAdminBanners, useDeleteBanner } from '../api/banners';
import { BannerForm } from './banner-form';
import styles from './org.module.css';
import wall from './wall.module.css';

/** The landing page's sponsor banners in their order, with their active days; add, edit, delete. */
export function BannersTab() {
  const { t, i18n } = useLingui();
  const banners = useAdminBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const list = banners.data?.results ?? [];
  const nextOrder = list.reduce((max, b) => Math.max(max, b.sort_order), -1) + 1;

  if (editing) {
    return (
      <BannerForm
        key={editing === 'new' ? 'new' : editing.id}
        banner={editing === 'new' ? undefined : editing}
        nextOrder={nextOrder}
        onDone={() => setEditing(null)}
      />
    );
  }

  const onDelete = async () => {
    if (!deleting) return;
    const answer = await remove.mutateAsync(deleting.id).catch(() => null);
    if (!answer) return;
    notify.success(i18n._(M.bannerDeleted.id));
    setDeleting(null);
  };
  const days = (b: AdminBanner) => {
    const from = b.starts_on ?? '…';
    const to = b.ends_on ?? '…';
    return b.starts_on || b.ends_on ? t`Shown ${from} – ${to}` : t`Shown every day`;
  };
  const name = deleting?.name ?? '';

  return (
    <section aria-labelledby="admin-banners">
      <div className={styles.sectionHead}>
        <h2 id="admin-banners" className={styles.sectionTitle}>
          <Trans context="heading">Sponsor banners</Trans>
        </h2>
        <Button onClick={() => setEditing('new')}>{t`New banner`}</Button>
      </div>
      <p className={styles.sectionHint}>
        <Trans>They show on the landing page in this order, on their active days.</Trans>
      </p>
      {!banners.data ? (
        <div className={styles.skeletonList} role="status">
          <span className="visually-hidden">{t`Loading the banners…`}</span>
          <SkeletonBlock height={200} />
          <SkeletonBlock height={200} />
        </div>
      ) : list.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No banners yet.</Trans>
        </p>
      ) : (
        <ul className={wall.cards}>
          {list.map((b) => {
            const order = b.sort_order;
            return (
              <li key={b.id} className={wall.card}>
                <img src={b.banner_image} alt={b.name} className={wall.banner} loading="lazy" decoding="async" width={600} height={200} />
                <h3 className={wall.cardTitle}>{b.name}</h3>
                <div className={wall.chips}>
                  <span className={`${styles.chip} ${b.active ? styles.chipActive : ''}`}>
                    {b.active ? t`Showing now` : t`Not showing`}
                  </span>
                  <span className={styles.chip}>{t`Order ${order}`}</span>
                </div>
                <p className={wall.meta}>{days(b)}</p>
                {b.url && <p className={wall.meta}>{b.url}</p>}
                <div className={wall.actions}>
                  <Button variant="secondary" className={styles.compact} onClick={() => setEditing(b)}>
                    <Trans>Edit</Trans>
                  </Button>
                  <Button variant="ghost" className={styles.compact} onClick={() => setDeleting(b)}>
                    <Trans>Delete</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDeleteModal
        open={deleting !== null}
        title={t({ message: `Delete this banner?`, context: 'heading' })}
        warning={<Trans>The banner "{name}" and its image will be deleted from the landing page.</Trans>}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </section>
  );
}
