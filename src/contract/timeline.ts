/**
 * A child's lifelong timeline (issue 15): the child's works, newest first, paged as the other works lists, with
 * the number of works of each age the child was when they were made (all of them, not only the page's). The age is
 * the work's `creator_age`: whole years from the profile's date of birth to the work's calendar day in Japan (accounts.ts ageAt).
 */
import { z } from 'zod';

import { paged, work } from './works';

/** How many works the child made at one age (`age` null: the profile has no date of birth). */
export const timelineAge = z.object({ age: z.number().nullable(), count: z.number() });

export const timelinePage = paged(work).extend({
  profile: z.object({
    id: z.number(),
    username: z.string(),
    profile_picture: z.string().nullable(),
    date_of_birth: z.string().nullable(),
  }),
  /** Every age that has works, as the timeline shows them: the highest age (the newest works) first, null last. */
  ages: z.array(timelineAge),
});

export type TimelineAge = z.infer<typeof timelineAge>;
export type TimelinePage = z.infer<typeof timelinePage>;
