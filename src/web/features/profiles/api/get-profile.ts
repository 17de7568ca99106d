/** The active child profile: the query itself lives in lib/profile.ts (the galleries read it too). */
export { getProfile, profileQueryOptions, useProfile } from '@web/lib/profile';
