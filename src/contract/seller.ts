/**
 * The seller, as the Specified Commercial Transactions notice names it (web/features/legal) and the payment receipts
 * repeat it (server/domain/receipts.ts): written once here, per language. Until the legal name is known, the
 * representative, the address and the phone are disclosed on request (README, "Legal pages").
 */
export const SELLER = {
  name: { ja: 'Little Museum 運営事務局', en: 'Little Museum operations office' },
  onRequest: { ja: '請求があった場合は遅滞なく開示します。', en: 'Disclosed without delay on request.' },
} as const;
