import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { useNamedList } from '@web/lib/named-lists';
import { CardWall, framedCardStyles } from '@web/ui/framed-card';
import type { useClassList } from '../api/class-lists';
import { ClassCard } from './class-card';
import { tagNames } from './class-logic';

/**
 * A paged wall of classes (works spec §2, §4): skeleton cards while the first page loads, each class once, and
 * See more (reading "Loading..." while it loads) only while there is a next page.
 */
export function ClassWall({
  query,
  empty,
  showSignup = false,
}: {
  query: ReturnType<typeof useClassList>;
  empty: ReactNode;
  showSignup?: boolean;
}) {
  const { t } = useLingui();
  const tags = useNamedList('tags');
  const classes = query.data?.classes ?? [];
  // Named once the tag list is here, so no tag reads "Unknown Tag" while it loads.
  const unknown = t`Unknown Tag`;
  return (
    <CardWall
      query={query}
      count={classes.length}
      loadingLabel={t`Loading classes…`}
      failed={t`The classes could not be loaded. Please try again later.`}
      empty={empty}
    >
      <ul className={framedCardStyles.grid}>
        {classes.map((item) => (
          <ClassCard key={item.id} item={item} tags={tags.data ? tagNames(item.tags, tags.data, unknown) : []} showSignup={showSignup} />
        ))}
      </ul>
    </CardWall>
  );
}
