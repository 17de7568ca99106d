/** Which language the page shows (src/contract/limits.ts pickLanguage; decisions.md: Japanese first). */
import { describe, expect, it } from 'vitest';

import { pickLanguage } from '@contract/limits';

describe('pickLanguage', () => {
  it('the language the user chose wins over the browser', () => {
    expect(pickLanguage('ja', 'en-US')).toBe('ja');
    expect(pickLanguage('en', 'ja-JP')).toBe('en');
    expect(pickLanguage('en', null)).toBe('en');
  });

  it('without a choice, an English browser gets English', () => {
    for (const browser of ['en', 'en-US', 'EN', ' en-GB', 'en-gb']) expect(pickLanguage(null, browser), browser).toBe('en');
  });

  it('without a choice, any other browser language, or none, gets Japanese', () => {
    for (const browser of ['ja', 'ja-JP', 'fr-FR', 'zh-Hans', 'de', '', null, undefined])
      expect(pickLanguage(null, browser), String(browser)).toBe('ja');
  });

  it('a stored choice that is not a supported language is ignored', () => {
    expect(pickLanguage('fr', 'en-US')).toBe('en');
    expect(pickLanguage('fr', 'fr-FR')).toBe('ja');
    expect(pickLanguage('', 'en-US')).toBe('en');
    expect(pickLanguage(undefined, 'ja')).toBe('ja');
  });
});
