import { Trans } from '@lingui/react/macro';

import { useNetworkAction } from '@web/lib/network-action';
import { NetworkButton } from '@web/ui/network-button';
import { useResendClassLink } from '../api/class-video';
import { VIDEO_NEEDS_NETWORK } from './needs-network';
import styles from './classes.module.css';

/**
 * "Send the link again" (issue 28, item 7): the only way the class's e-mail goes again after the sign-up's one; the
 * server allows 3 an hour per sign-up (its 429 message is the client's toast). The answer's message is said in place of the hint.
 */
export function ResendLink({ classId }: { classId: number }) {
  const resend = useResendClassLink(classId);
  const network = useNetworkAction(VIDEO_NEEDS_NETWORK);
  return (
    <div className={styles.resend}>
      <NetworkButton
        network={network}
        onPress={() => resend.mutate()}
        variant="secondary"
        block
        disabled={resend.isPending}
        offlineClassName={styles.unavailable}
        reasonClassName={styles.muted}
      >
        <Trans>Send the link again</Trans>
      </NetworkButton>
      <p className={styles.muted} role="status">
        {resend.isSuccess ? resend.data.message : <Trans>Not in your inbox? We can e-mail it once more.</Trans>}
      </p>
    </div>
  );
}
