import { useLingui } from '@lingui/react/macro';

import type { QueueItem } from '@web/lib/queue';
import { useActiveProfileId } from '@web/lib/profile';
import { useOnline } from '@web/lib/use-online';
import styles from './works.module.css';

export type QueueTone = 'wait' | 'busy' | 'bad' | 'good';

/** What a queued work is doing, in words, and a tone for its badge. */
export function useQueueState(): (item: QueueItem) => { text: string; tone: QueueTone } {
  const { t } = useLingui();
  const online = useOnline();
  const profileId = useActiveProfileId();
  return (item) => {
    switch (item.status) {
      case 'done':
        return { text: t`Uploaded`, tone: 'good' };
      case 'failed':
        return { text: t`Upload failed`, tone: 'bad' };
      case 'uploading': {
        const percent = Math.round(item.progress * 100);
        return { text: t`Uploading ${percent}%`, tone: 'busy' };
      }
      default: {
        if (item.profileId !== profileId) {
          const name = item.profileName ?? '';
          return { text: name ? t`Waiting for ${name} to log in` : t`Waiting for its user to log in`, tone: 'wait' };
        }
        if (!online) return { text: t`Waiting for the network`, tone: 'wait' };
        if (item.retryAt > 0) return { text: t`Will try again soon`, tone: 'wait' };
        return { text: t`Waiting to upload`, tone: 'wait' };
      }
    }
  };
}

export function QueueBadge({ text, tone }: { text: string; tone: QueueTone }) {
  return (
    <span className={`${styles.state} ${styles[`state_${tone}`]}`}>
      <span className={styles.stateDot} aria-hidden="true" />
      {text}
    </span>
  );
}
