import { Trans, useLingui } from '@lingui/react/macro';

import { PlaceholderPage } from '@web/ui/placeholder-page';

export default function ContactUsPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage title={t`Contact Us`}>
      <p>
        <Trans>A member of staff will reply within 3 to 5 business days. Contact hours: 10:00 to 15:00 on weekdays.</Trans>
      </p>
    </PlaceholderPage>
  );
}
