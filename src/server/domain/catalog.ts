/** Reference lists read by the public pages: categories and tags in the request's language, navbar links. */
import { asc } from 'drizzle-orm';

import type { Language } from '@contract/limits';
import { categories, navbarLinks, tags } from '../db/schema';
import type { AppDeps } from '../deps';

export async function namedList(deps: AppDeps, which: 'categories' | 'tags', lang: Language): Promise<{ id: number; name: string }[]> {
  const table = which === 'categories' ? categories : tags;
  const rows = await deps.db.select().from(table).orderBy(asc(table.sortOrder), asc(table.id));
  return rows.map((r) => ({ id: r.id, name: lang === 'ja' ? r.nameJa : r.nameEn }));
}

export async function publicNavbar(deps: AppDeps): Promise<{ navbar_type: string; url: string }[]> {
  const rows = await deps.db.select().from(navbarLinks).orderBy(asc(navbarLinks.sortOrder), asc(navbarLinks.id));
  return rows.map((r) => ({ navbar_type: r.navbarType, url: r.url }));
}
