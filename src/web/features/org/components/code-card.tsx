import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { ConsoleOrganization } from '@contract/console';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { pageStyles } from '@web/ui/page-shell';
import { Switch } from '@web/ui/switch';
import { useRegenerateCode, useUpdateJoinPolicy } from '../api/org-settings';
import { ConfirmModal } from './confirm-modal';
import styles from './org.module.css';

/** The organization's 6-digit code, how it admits members, and a new code when the old one got around. */
export function CodeCard({ org }: { org: ConsoleOrganization }) {
  const { t } = useLingui();
  const policy = useUpdateJoinPolicy();
  const regenerate = useRegenerateCode();
  const [confirming, setConfirming] = useState(false);
  const spelled = org.code.split('').join(' ');
  const code = org.code;
  const approval = (policy.isPending ? policy.variables.join_policy : org.join_policy) === 'approval';
  const atOnce = t`The code admits at once`;

  const onRegenerate = async () => {
    const answer = await regenerate.mutateAsync(org.id).catch(() => null);
    if (!answer) return;
    setConfirming(false);
    const fresh = answer.code;
    notify.success(t`The new code is ${fresh}.`);
  };

  return (
    <section className={`${pageStyles.card} ${styles.section}`} aria-labelledby="org-code">
      <h2 id="org-code" className={styles.sectionTitle}>
        <Trans context="heading">Joining code</Trans>
      </h2>
      <p className={styles.sectionHint}>
        <Trans>Families enter this code on their child's profile to join.</Trans>
      </p>
      <div className={styles.plaque}>
        <span className={styles.plaqueLabel}>
          <Trans>Code</Trans>
        </span>
        <span className={styles.code} aria-hidden="true">
          {org.code}
        </span>
        <span className="visually-hidden">{spelled}</span>
      </div>
      <div className={styles.policy}>
        {/* The switch is what its words say, in either state: on while the code admits at once (issue 28). */}
        <Switch
          checked={!approval}
          label={atOnce}
          onText={atOnce}
          offText={atOnce}
          onChange={(on) => policy.mutate({ orgId: org.id, join_policy: on ? 'code' : 'approval' })}
        />
        <p className={styles.policyText}>
          {approval ? (
            <Trans>A child who enters the code waits until staff approve the request.</Trans>
          ) : (
            <Trans>A child who enters the code becomes a member at once.</Trans>
          )}
        </p>
      </div>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <Trans>Make a new code</Trans>
      </Button>
      <ConfirmModal
        open={confirming}
        title={t({ message: `Make a new code?`, context: 'heading' })}
        confirmLabel={t`Make a new code`}
        pendingLabel={t`Making…`}
        tone="primary"
        pending={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onRegenerate()}
      >
        <Trans>The code {code} stops working at once. Members stay members; new families need the new code.</Trans>
      </ConfirmModal>
    </section>
  );
}
