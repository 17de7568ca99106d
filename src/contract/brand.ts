/**
 * The product's name, one per language, here only (issue 28). Japanese keeps the Latin mark: the header shows it,
 * and the terms name the service 「Little Museum」. The PWA writes it where the name stands alone and passes it as
 * `{brand}` to the texts that name it; the server's translator gives every e-mail and archive text its `{brand}`.
 */
import type { Language } from './limits';

export const BRAND: Record<Language, string> = { en: 'Little Museum', ja: 'Little Museum' };
