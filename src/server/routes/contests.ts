/** TEMPORARY STUB (session 10): replaced by the helper building this area before anything is committed. */
import { ApiError } from '../errors';
import type { Handlers } from './register';

const notYet = async (): Promise<never> => {
  throw new ApiError(404, { id: 's.not_found', message: 'Not found.' });
};

export const contestsHandlers = {
  contests: notYet,
  myContests: notYet,
  contest: notYet,
  contestSubmit: notYet,
  orgContests: notYet,
  orgContestCreate: notYet,
  orgContestUpdate: notYet,
  orgContestDelete: notYet,
  orgContestEntries: notYet,
  orgContestWinner: notYet,
} satisfies Partial<Handlers>;
