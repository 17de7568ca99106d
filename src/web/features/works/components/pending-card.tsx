import type { QueueItem } from '@web/lib/queue';
import { useObjectUrl } from '@web/lib/use-object-url';
import { WorkCard } from '@web/ui/work-card';
import { QueueFailure } from './queue-failure';
import { QueueBadge, useQueueState } from './queue-state';

/** A queued work on My Gallery's wall: its local preview and its state, until it lands. */
export function PendingCard({ item }: { item: QueueItem }) {
  const first = item.images[0];
  const src = useObjectUrl(first?.bytes, first?.type);
  const state = useQueueState()(item);
  return (
    <WorkCard
      imageSrc={src}
      title={item.fields.title}
      description={item.fields.description}
      badge={<QueueBadge {...state} />}
      footer={item.status === 'failed' ? <QueueFailure item={item} links={false} /> : undefined}
      dimmed
    />
  );
}
