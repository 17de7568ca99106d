/**
 * Contests (works spec §7) and the console's contest calls (issue 12). Thin: the entry's checks have run (for the
 * console: the caller is staff of {orgId}); read the form where there is one, call the domain and answer. The lists
 * make their next/previous links from the path they were called with.
 */
import type { Context } from 'hono';

import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import type { ContestInput } from '../domain/contests';
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
} from '../domain/contests';
import type { ContestViewer } from '../domain/contest-views';
import type { Auth } from '../domain/sessions';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { readUpload } from '../middleware/multipart';
import { issuesToFields } from '../middleware/validate';
import type { Handlers } from './register';

const viewerOf = (auth: Auth | null): ContestViewer => ({ profileId: auth?.profile?.id ?? null, loggedIn: auth !== null });

/** The path as the client wrote it (c.req.path drops a trailing slash in non-strict mode). */
function linksOf(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return { path: url.pathname, query: url.searchParams };
}

const { fields: contestFields, upload } = ENDPOINTS.orgContestCreate.body;

/**
 * The console's form: its text fields against the contract, and the thumbnail (required on create), through the
 * streaming reader that stops at its limits. Field and thumbnail errors come back together in one 400. A repeated
 * field, or a file under a text field's name, is not a text; text holding NUL cannot be stored, so it is invalid.
 */
async function readContestForm(
  c: Context<AppEnv>,
  thumbnailRequired: boolean,
): Promise<{ fields: ContestInput; thumbnail: Uint8Array | null }> {
  const form = await readUpload(c, upload);
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  for (const [name, raw] of form.entries) {
    // A form's line breaks travel as CRLF; criteria are stored one per line, with LF.
    const value = raw.replace(/\r\n?/g, '\n');
    if (value.includes('\u0000')) errors[name] = [M.invalidValue.id];
    else values[name] = name in values ? [values[name], value].flat() : value;
  }
  for (const name of form.filesElsewhere) values[name] = null;
  const parsed = contestFields.safeParse(values);
  if (!parsed.success) {
    for (const [field, ids] of Object.entries(issuesToFields(parsed.error.issues))) {
      const key = field.split('.')[0]!;
      if (!errors[key]) errors[key] = ids;
    }
  }
  if (form.textAsFile) errors[upload.fileField] = [M.imageType.id];
  else if (thumbnailRequired && form.files.length === 0) errors[upload.fileField] = [M.thumbnailRequired.id];
  if (Object.keys(errors).length > 0 || !parsed.success) throw new ValidationError(errors);
  return { fields: parsed.data, thumbnail: form.files[0]?.bytes ?? null };
}

export const contestsHandlers = {
  contests: async ({ c, deps, auth, query }) =>
    listContests(deps, 'all', { page: query.page, search: query.search || undefined, status: query.status }, viewerOf(auth), linksOf(c)),
  myContests: async ({ c, deps, auth, query }) =>
    listContests(deps, 'mine', { page: query.page, search: query.search || undefined, status: query.status }, viewerOf(auth), linksOf(c)),
  contest: async ({ deps, auth, params }) => contestDetail(deps, params.id, viewerOf(auth)),
  contestSubmit: async ({ deps, auth, body, t }) => ({
    message: t(M.contestSubmitted),
    entry: await submitWork(deps, auth.profile.id, body.contest_id, body.work_id),
  }),

  orgContests: async ({ c, deps, params, query }) =>
    listOrgContests(deps, params.orgId, query.page, { profileId: null, loggedIn: true }, linksOf(c)),
  orgContestCreate: async ({ c, deps, auth, params }) => {
    const { fields, thumbnail } = await readContestForm(c, true);
    return createContest(deps, params.orgId, auth.user.id, fields, thumbnail!);
  },
  orgContestUpdate: async ({ c, deps, params }) => {
    // Another organization's contest is not found before its body is read.
    await orgContest(deps.db, params.orgId, params.contestId);
    const { fields, thumbnail } = await readContestForm(c, false);
    return updateContest(deps, params.orgId, params.contestId, fields, thumbnail);
  },
  orgContestDelete: async ({ deps, params, t }) => {
    await deleteContest(deps, params.orgId, params.contestId);
    return { message: t(M.contestDeleted) };
  },
  orgContestEntries: async ({ deps, params }) => ({ results: await contestEntriesOf(deps, params.orgId, params.contestId) }),
  orgContestWinner: async ({ deps, params, body, lang }) => pickWinner(deps, params.orgId, params.contestId, body.entry_id, lang),
} satisfies Partial<Handlers>;
