import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import { useSession } from '@web/lib/session';
import { buttonClass } from '@web/ui/button';
import { lastGallery } from './last-gallery';

/**
 * The way on from a page with nothing to show (a work that cannot be found, or no work chosen): back to the gallery
 * it came from when there was one in this visit; else My Gallery for a child, the home page for anyone else.
 */
export function WayBack() {
  const hasChild = useSession((s) => Boolean(s.childToken));
  const look = buttonClass({ variant: 'primary', size: 'large' });
  const gallery = lastGallery();
  if (gallery) {
    return (
      <Link href={gallery.href} state={gallery.state} className={look}>
        <Trans>Back to the gallery</Trans>
      </Link>
    );
  }
  return hasChild ? (
    <Link href="/my-work" className={look}>
      <Trans>Go to My Gallery</Trans>
    </Link>
  ) : (
    <Link href="/" className={look}>
      <Trans>Go to the home page</Trans>
    </Link>
  );
}
