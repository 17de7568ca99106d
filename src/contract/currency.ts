/** Currency symbols for the 30 codes of accounts spec §3. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  JPY: '¥',
  GBP: '£',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'CHF',
  CNY: '¥',
  SEK: 'kr',
  NZD: 'NZ$',
  INR: '₹',
  RUB: '₽',
  KRW: '₩',
  ZAR: 'R',
  SGD: 'S$',
  HKD: 'HK$',
  MXN: 'MX$',
  BRL: 'R$',
  THB: '฿',
  TRY: '₺',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  AED: 'د.إ',
  SAR: '﷼',
  MYR: 'RM',
  IDR: 'Rp',
  PHP: '₱',
  VND: '₫',
  TWD: 'NT$',
};

export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? code.toUpperCase();
}
