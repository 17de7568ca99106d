import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams, useSearch } from 'wouter';

import { formatDay } from '@web/lib/billing-format';
import { pendingInvitation, useFollowedChildren } from '@web/lib/circle';
import { roleName } from '@web/lib/circle-roles';
import { Avatar } from '@web/ui/avatar';
import { PushCard } from '@web/ui/push-card';
import { Switch } from '@web/ui/switch';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { Loading, PageShell } from '@web/ui/page-shell';
import { useFanSettings, useSetDigest } from '../api/circle';
import { ChildMuseum } from './circle-child-page';
import styles from './circle.module.css';

/** A fan's page (issue 32): one followed child's museum (`/circle/{id}`, or `?child={id}`), else the children they follow. */
export default function CirclePage() {
  const { child: inPath } = useParams<{ child?: string }>();
  const search = useSearch();
  const child = Number(inPath ?? new URLSearchParams(search).get('child'));
  return Number.isInteger(child) && child > 0 ? <ChildMuseum id={child} /> : <FollowedChildren />;
}

/** The children a fan follows, in every family whose circle they are in. */
function FollowedChildren() {
  const { t, i18n } = useLingui();
  const followed = useFollowedChildren();
  const waiting = pendingInvitation();
  const kids = followed.data?.results ?? [];

  return (
    <PageShell title={t({ message: 'Family circle', context: 'heading' })} eyebrow={t`The children you follow`} width="medium">
      <OfflineDataNote query={followed} />
      {waiting && (
        <Link href={`/circle/join/${waiting}`} className={styles.waiting}>
          <Trans>An invitation is waiting on this phone. Open it</Trans> →
        </Link>
      )}
      {followed.isPending && !followed.data ? (
        <Loading label={t`Loading…`} />
      ) : kids.length === 0 ? (
        <EmptyState>
          <Trans>You do not follow any child yet. When a family sends you an invitation link, open it here to join their circle.</Trans>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.children}>
            {kids.map((k) => {
              const latest = k.latest_work_at ? formatDay(k.latest_work_at, i18n.locale) : null;
              const count = k.works_count;
              const role = roleName(i18n, k.role, k.role_label);
              return (
                <li key={k.id}>
                  <Link href={`/circle/${k.id}`} className={styles.child}>
                    <Avatar username={k.username} src={k.profile_picture} size={64} />
                    <span className={styles.childText}>
                      <strong>{k.username}</strong>
                      <span>
                        {count === 1 ? <Trans>1 work</Trans> : <Trans>{count} works</Trans>}
                        {latest && (
                          <>
                            {' '}
                            · <Trans>latest {latest}</Trans>
                          </>
                        )}
                      </span>
                      <span className={styles.childRole}>
                        <Trans>You follow as {role}</Trans>
                      </span>
                    </span>
                    <span aria-hidden="true" className={styles.arrow}>
                      →
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          <FanNotices />
        </>
      )}
    </PageShell>
  );
}

/** A fan's notices: this device's pushes, and the weekly e-mail that goes when no device of theirs has them. */
function FanNotices() {
  const { t } = useLingui();
  const settings = useFanSettings();
  const setDigest = useSetDigest();
  return (
    <PushCard login="parent" why={t`Get a notice on this device when a child you follow shares a new work (at most once a day).`}>
      {settings.data && (
        <div className={styles.digest}>
          <Switch
            checked={settings.data.digest}
            onChange={(on) => setDigest.mutate(on)}
            label={t`Weekly e-mail of new works`}
            onText={t`Weekly e-mail: on`}
            offText={t`Weekly e-mail: off`}
          />
          <p className={styles.digestNote}>
            <Trans>It comes only while notifications are off on all your devices.</Trans>
          </p>
        </div>
      )}
    </PushCard>
  );
}
