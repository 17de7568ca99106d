import { Trans, useLingui } from '@lingui/react/macro';

import { PlaceholderPage } from '@web/ui/placeholder-page';

export default function AccountPaymentInfoPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage title={t`Payment Information`}>
      <p>
        <Trans>Your plan and payment details will be shown here.</Trans>
      </p>
    </PlaceholderPage>
  );
}
