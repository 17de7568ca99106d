/**
 * Contests (works spec §7) and the console's contest calls (issue 12). Thin: the entry's checks have run (for the
 * console: the caller is staff of {orgId}); read the form where there is one, call the domain and answer. The lists
 * make their next/previous links from the path they were called with.
 */
import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import {
  contestDetail,
  contestEntriesOf,
  createContest,
  deleteContest,
  listContests,
  listOrgContests,
  orgContest,
  pickWinner,
  submitWork,
  updateContest,
  type ContestFilters,
} from '../domain/contests';
import type { ContestViewer } from '../domain/contest-views';
import type { Auth } from '../domain/sessions';
import { linksOf } from './list-links';
import { readPictureForm } from './picture-form';
import type { Handlers } from './register';

const viewerOf = (auth: Auth | null): ContestViewer => ({ profileId: auth?.profile?.id ?? null, loggedIn: auth !== null });

const filtersOf = (query: ContestFilters): ContestFilters => ({
  page: query.page,
  search: query.search || undefined,
  status: query.status,
});

export const contestsHandlers = {
  contests: async ({ c, deps, auth, query }) => listContests(deps, 'all', filtersOf(query), viewerOf(auth), linksOf(c)),
  myContests: async ({ c, deps, auth, query }) => listContests(deps, 'mine', filtersOf(query), viewerOf(auth), linksOf(c)),
  contest: async ({ deps, auth, params }) => contestDetail(deps, params.id, viewerOf(auth)),
  contestSubmit: async ({ deps, auth, body, t }) => ({
    message: t(M.contestSubmitted),
    entry: await submitWork(deps, auth.profile.id, body.contest_id, body.work_id),
  }),

  orgContests: async ({ c, deps, params, query }) =>
    listOrgContests(deps, params.orgId, query.page, { profileId: null, loggedIn: true }, linksOf(c)),
  orgContestCreate: async ({ c, deps, auth, params }) => {
    const { fields, picture: thumbnail } = await readPictureForm(c, ENDPOINTS.orgContestCreate.body, M.thumbnailRequired);
    return createContest(deps, params.orgId, auth.user.id, fields, thumbnail!);
  },
  orgContestUpdate: async ({ c, deps, params }) => {
    // Another organization's contest is not found before its body is read.
    await orgContest(deps.db, params.orgId, params.contestId);
    const { fields, picture: thumbnail } = await readPictureForm(c, ENDPOINTS.orgContestUpdate.body, null);
    return updateContest(deps, params.orgId, params.contestId, fields, thumbnail);
  },
  orgContestDelete: async ({ deps, params, t }) => {
    await deleteContest(deps, params.orgId, params.contestId);
    return { message: t(M.contestDeleted) };
  },
  orgContestEntries: async ({ deps, params }) => ({ results: await contestEntriesOf(deps, params.orgId, params.contestId) }),
  orgContestWinner: async ({ deps, params, body, lang }) => pickWinner(deps, params.orgId, params.contestId, body.entry_id, lang),
} satisfies Partial<Handlers>;
