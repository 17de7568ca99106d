import { Trans } from '@lingui/react/macro';

import { useBlogUrl } from '@web/features/landing/api/get-public-navbar';

/** The footer's blog link, from the public navbar (./footer.tsx loads it when the footer comes near). */
export default function BlogLink() {
  const blogUrl = useBlogUrl();
  if (!blogUrl) return null;
  return (
    <li>
      <a href={blogUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Blog</Trans>
      </a>
    </li>
  );
}
