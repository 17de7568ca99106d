import { Trans } from '@lingui/react/macro';

import { Button } from './button';
import styles from './see-more.module.css';

/** The next page of a list; reads "Loading..." while it loads (works spec §4). Hidden without a next page. */
export function SeeMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className={styles.row}>
      <Button variant="secondary" size="large" onClick={onMore} disabled={loading} aria-busy={loading}>
        {loading ? <Trans>Loading...</Trans> : <Trans>See more</Trans>}
      </Button>
    </div>
  );
}
