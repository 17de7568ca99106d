/**
 * Japanese headings break between phrases in every engine (issue 28 item 13): the compiled Japanese catalog carries a
 * zero-width space between the phrases of each heading (scripts/heading-phrases.ts, at `npm run i18n:compile`), and
 * ui/global.css lets h1–h3 break only there. The same words outside a heading (a button) carry none.
 */
import { msg } from '@lingui/core/macro';
import { beforeAll, describe, expect, it } from 'vitest';

import { activateLanguage, i18n, loadRestCatalog } from './i18n';

const ZWSP = '\u200b';

beforeAll(async () => {
  await activateLanguage('ja');
  await loadRestCatalog();
});

describe('Japanese headings, split into phrases', () => {
  it("the landing's heading breaks before 作品を and 美術館に, never before を", () => {
    expect(i18n._(msg({ message: `Every child's art deserves a museum`, context: 'heading' }))).toBe(
      `子どもの${ZWSP}作品を、${ZWSP}美術館に。`,
    );
  });

  it('a phrase is never one character on its own (さが|す, 今|日 as BudouX alone would cut)', () => {
    expect(i18n._(msg({ message: `Search Works`, context: 'heading' }))).toBe(`作品を${ZWSP}さがす`);
    expect(i18n._(msg({ message: `Open your family's museum today`, context: 'heading' }))).toBe(
      `今日から、${ZWSP}家族の${ZWSP}ミュージアムを`,
    );
  });

  it('a placeholder stays a placeholder', () => {
    const { id } = msg({ message: `{username}'s gallery`, context: 'heading' });
    expect(i18n._(id, { username: 'はな' })).toBe(`はな さんの${ZWSP}ギャラリー`);
  });

  it('the same words as a button carry no space: a value, a label read aloud, stays as written', () => {
    expect(i18n._(msg`Search Works`)).toBe('作品をさがす');
  });
});
