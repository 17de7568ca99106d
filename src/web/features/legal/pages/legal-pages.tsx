import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { PageShell, pageStyles } from '@web/ui/page-shell';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell title={title} width="medium">
      <article className={pageStyles.card}>
        {children}
        <p>
          <Trans>The full text will be published here before the service opens.</Trans>
        </p>
      </article>
    </PageShell>
  );
}

export function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Terms and Services`}>
      <p>
        <Trans>These terms set out the rules for using Little Museum. They are governed by Japanese law.</Trans>
      </p>
    </LegalPage>
  );
}

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Privacy Policy`}>
      <p>
        <Trans>
          This policy explains how we handle the personal information of families and children. Minors need the consent of a guardian.
        </Trans>
      </p>
    </LegalPage>
  );
}

export function CommercialTransactionPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Specified Commercial Transaction Act`}>
      <p>
        <Trans>Notation based on the Specified Commercial Transaction Act: seller, prices, payment and cancellation.</Trans>
      </p>
    </LegalPage>
  );
}
