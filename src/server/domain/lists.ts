/** What the paged lists share (works, contests): their next/previous links, the LIKE escape, and grouping rows. */

/** Where the links point: the request's path and query, with `page` replaced. */
export interface ListLinks {
  path: string;
  query: URLSearchParams;
}

/** `%`, `_` and `\` in a free word match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function link(links: ListLinks, page: number): string {
  const query = new URLSearchParams(links.query);
  query.set('page', String(page));
  return `${links.path}?${query.toString()}`;
}

/** The links of page `page` of `count` items, `size` a page (`previous` of a page past the end is the last one). */
export function pageLinks(links: ListLinks, page: number, size: number, count: number): { next: string | null; previous: string | null } {
  return {
    next: page * size < count ? link(links, page + 1) : null,
    previous: page > 1 ? link(links, Math.min(page - 1, Math.max(1, Math.ceil(count / size)))) : null,
  };
}

export const groupBy = <T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
};
