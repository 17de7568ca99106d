/**
 * The texts of the open archive (its offline museum and README.txt), in the server's own catalog
 * (locales/server/*.po): the PWA never shows them. Translated with ../i18n.ts `translator`.
 */
import type { Msg } from '@contract/messages';

export const ARCHIVE_TEXT = {
  siteName: /*i18n*/ { id: 'archive.site_name', message: '{brand}' },
  familyTitle: /*i18n*/ { id: 'archive.family_title', message: "{name}'s {brand}" },
  familyTitleUnnamed: /*i18n*/ { id: 'archive.family_title_unnamed', message: 'Our {brand}' },
  /** Whose archive README.txt names when the account has no name: "the Little Museum archive of {name}". */
  familyUnnamed: /*i18n*/ { id: 'archive.family_unnamed', message: 'your family' },
  childTitle: /*i18n*/ { id: 'archive.child_title', message: "{name}'s {brand}" },
  exportedOn: /*i18n*/ { id: 'archive.exported_on', message: 'Saved on {date}. This museum opens without the internet.' },
  everyone: /*i18n*/ { id: 'archive.everyone', message: 'Everyone' },
  worksCount: /*i18n*/ { id: 'archive.works_count', message: '{count, plural, one {# work} other {# works}}' },
  age: /*i18n*/ { id: 'archive.age', message: 'Age {age}' },
  ageUnknown: /*i18n*/ { id: 'archive.age_unknown', message: 'Age not known' },
  noWorks: /*i18n*/ { id: 'archive.no_works', message: 'No works yet.' },
  public: /*i18n*/ { id: 'archive.public', message: 'Public' },
  private: /*i18n*/ { id: 'archive.private', message: 'Family only' },
  likes: /*i18n*/ { id: 'archive.likes', message: '{count, plural, one {# like} other {# likes}}' },
  category: /*i18n*/ { id: 'archive.category', message: 'Category' },
  tags: /*i18n*/ { id: 'archive.tags', message: 'Tags' },
  contests: /*i18n*/ { id: 'archive.contests', message: 'Contests' },
  winner: /*i18n*/ { id: 'archive.winner', message: 'Winner' },
  close: /*i18n*/ { id: 'archive.close', message: 'Close' },
  previous: /*i18n*/ { id: 'archive.previous', message: 'Previous work' },
  next: /*i18n*/ { id: 'archive.next', message: 'Next work' },
  picture: /*i18n*/ { id: 'archive.picture', message: 'Picture {n} of {count}: {title}' },
  noScript: /*i18n*/ {
    id: 'archive.no_script',
    message: 'This museum needs JavaScript to show the works. The pictures are also in the folder "children".',
  },
  missingData: /*i18n*/ {
    id: 'archive.missing_data',
    message: 'data.js was not found next to index.html. Unzip the whole archive first, then open index.html again.',
  },
  readme: /*i18n*/ {
    id: 'archive.readme',
    message:
      "This is the {brand} archive of {name}, saved on {date}.\n\nTo look at the works: unzip the whole file, then open index.html in any web browser (double-click it). It works without the internet.\n\nWhat is inside:\n- index.html and data.js: a small museum of the works, for any browser.\n- children/<name>/pictures/: every picture as {brand} keeps it (WebP images, without location or camera data); thumbs/ holds small copies.\n- children/<name>/child.json: each child's profile and works (title, description, dates, age, category, tags, likes, visibility, contest entries).\n- account.json and manifest.json: the account (no password) and a list of the archive's contents.\n\nTo move to another {brand}, give this zip to its administrator: it can be imported as it is.",
  },
} as const satisfies Record<string, Msg>;
