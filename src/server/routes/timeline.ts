/** A child's lifelong timeline (issue 15): thin; the domain checks who may see which profile. */
import { timeline } from '../domain/timeline';
import { linksOf } from './list-links';
import type { Handlers } from './register';

export const timelineHandlers = {
  timeline: async ({ c, deps, auth, params, query, lang }) => timeline(deps, auth, params.id, query.page, lang, linksOf(c)),
} satisfies Partial<Handlers>;
