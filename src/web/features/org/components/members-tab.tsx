import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';

import type { ConsoleOrganization, OrgMember } from '@contract/console';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useMemberAction, useOrgMembers, type MemberAction } from '../api/members';
import { CodeCard } from './code-card';
import { ConfirmModal } from './confirm-modal';
import styles from './org.module.css';

interface Pending {
  member: OrgMember;
  action: 'decline' | 'remove';
}

/** The code and its policy, then the requests waiting for approval and the members. */
export function MembersTab({ org }: { org: ConsoleOrganization }) {
  const { t, i18n } = useLingui();
  const members = useOrgMembers(org.id);
  const act = useMemberAction();
  const [asking, setAsking] = useState<Pending | null>(null);
  const username = asking?.member.username ?? '';
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
  const busy = (m: OrgMember, action: MemberAction) =>
    act.isPending && act.variables.profileId === m.profile_id && act.variables.action === action;

  const run = (member: OrgMember, action: MemberAction) =>
    act.mutateAsync({ orgId: org.id, profileId: member.profile_id, action }).then(
      () => setAsking(null),
      () => undefined,
    );

  const row = (m: OrgMember, actions: ReactNode) => {
    const when = date(m.requested_at);
    return (
      <li key={m.profile_id} className={styles.member}>
        <Avatar username={m.username} src={m.profile_picture} size={44} />
        <span className={styles.memberName}>
          <strong>{m.username}</strong>
          <span className={styles.meta}>{m.status === 'pending' ? t`Asked on ${when}` : t`Member since ${when}`}</span>
        </span>
        <span className={styles.memberActions}>{actions}</span>
      </li>
    );
  };

  return (
    <>
      <CodeCard org={org} />
      <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby="org-members" aria-busy={members.isPending}>
        {!members.data ? (
          <div className={styles.skeletonList}>
            <h2 id="org-members" className={styles.sectionTitle}>
              <Trans context="heading">Members</Trans>
            </h2>
            {[0, 1, 2].map((i) => (
              <SkeletonBlock key={i} height={56} />
            ))}
          </div>
        ) : (
          <>
            {members.data.pending.length > 0 && (
              <div className={styles.pending}>
                <h2 className={styles.sectionTitle}>
                  <Trans context="heading">Waiting for approval</Trans> ({members.data.pending.length})
                </h2>
                <ul className={styles.list}>
                  {members.data.pending.map((m) =>
                    row(
                      m,
                      <>
                        <Button className={styles.compact} disabled={busy(m, 'approve')} onClick={() => void run(m, 'approve')}>
                          {busy(m, 'approve') ? t`Approving…` : t`Approve`}
                        </Button>
                        <Button className={styles.compact} variant="ghost" onClick={() => setAsking({ member: m, action: 'decline' })}>
                          <Trans>Decline</Trans>
                        </Button>
                      </>,
                    ),
                  )}
                </ul>
              </div>
            )}
            <h2 id="org-members" className={styles.sectionTitle}>
              <Trans context="heading">Members</Trans> ({members.data.approved.length})
            </h2>
            {members.data.approved.length === 0 ? (
              <p className={styles.empty}>
                <Trans>No members yet. Share the code with the families of your organization.</Trans>
              </p>
            ) : (
              <ul className={styles.list}>
                {members.data.approved.map((m) =>
                  row(
                    m,
                    <Button className={styles.compact} variant="dangerOutline" onClick={() => setAsking({ member: m, action: 'remove' })}>
                      <Trans>Remove</Trans>
                    </Button>,
                  ),
                )}
              </ul>
            )}
          </>
        )}
      </section>
      <ConfirmModal
        open={asking !== null}
        title={
          asking?.action === 'decline'
            ? t({ message: `Decline this request?`, context: 'heading' })
            : t({ message: `Remove this member?`, context: 'heading' })
        }
        confirmLabel={asking?.action === 'decline' ? t`Decline` : t`Remove`}
        pendingLabel={t`Working…`}
        pending={act.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void run(asking.member, asking.action)}
      >
        {asking?.action === 'decline' ? (
          <Trans>{username} will not become a member. The family can ask again with the code.</Trans>
        ) : (
          <Trans>{username} will no longer be a member and can no longer enter members-only contests.</Trans>
        )}
      </ConfirmModal>
    </>
  );
}
