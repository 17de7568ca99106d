import { useLingui } from '@lingui/react/macro';

import { CommercialTableView, LegalDocumentView } from '../components/legal-document';
import { legalContent } from '../content/load';

// The texts (content/{ja,en}/legal.ts) start coming with this page's own chunk.
legalContent.preload();

export function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalDocumentView
      title={t({ message: `Terms and Services`, context: 'heading' })}
      document={legalContent.useContent()?.terms}
      updated="terms"
    />
  );
}

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalDocumentView
      title={t({ message: `Privacy Policy`, context: 'heading' })}
      document={legalContent.useContent()?.privacy}
      updated="privacy"
    />
  );
}

export function CommercialTransactionPage() {
  const { t } = useLingui();
  return (
    <CommercialTableView
      title={t({ message: `Specified Commercial Transaction Act`, context: 'heading' })}
      document={legalContent.useContent()?.commercial}
    />
  );
}
