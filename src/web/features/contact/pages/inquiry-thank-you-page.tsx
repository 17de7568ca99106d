import { Trans, useLingui } from '@lingui/react/macro';

import { LinkButton } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';

export default function InquiryThankYouPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t({ message: `Thank you for your inquiry`, context: 'heading' })} width="narrow" card>
      <p>
        <Trans>We have received your inquiry. A member of staff will reply within 3 to 5 business days.</Trans>
      </p>
      <p>
        <Trans>If no answer arrives, please check your junk mail folder, and then send your inquiry again from the contact form.</Trans>
      </p>
      <LinkButton href="/" variant="secondary" block>
        <Trans>Back to the top page</Trans>
      </LinkButton>
    </PageShell>
  );
}
