/**
 * The catalog in two parts (scripts/split-catalogs.ts, ./i18n.ts): whichever part arrives first, the active
 * language shows both, and the rest is fetched only when asked for.
 */
import { describe, expect, it } from 'vitest';

import { messages as jaFirst } from '../../../locales/ja.first';
import { messages as jaRest } from '../../../locales/ja.rest';
import { activateLanguage, i18n, loadRestCatalog } from './i18n';

const firstId = Object.keys(jaFirst)[0]!;
const restId = Object.keys(jaRest)[0]!;

describe('the catalog in two parts', () => {
  it('splits the messages: each in exactly one part', () => {
    expect(Object.keys(jaFirst).length).toBeGreaterThan(50);
    expect(Object.keys(jaRest).length).toBeGreaterThan(50);
    expect(Object.keys(jaFirst).filter((id) => id in jaRest)).toEqual([]);
  });

  it('a first activation shows the first part only; the rest joins when asked for, in the active language', async () => {
    await activateLanguage('ja');
    expect(i18n.locale).toBe('ja');
    expect(i18n._(firstId)).not.toBe(firstId);
    expect(i18n._(restId)).toBe(restId);
    await loadRestCatalog();
    expect(i18n._(restId)).not.toBe(restId);
    expect(i18n._(firstId)).not.toBe(firstId);
  });

  it('the rest arriving before the first part is kept when the language activates (a page beyond the first loads at boot)', async () => {
    await loadRestCatalog('en');
    await activateLanguage('en');
    expect(i18n.locale).toBe('en');
    expect(i18n._(restId)).not.toBe(restId);
    expect(i18n._(firstId)).not.toBe(firstId);
  });
});
