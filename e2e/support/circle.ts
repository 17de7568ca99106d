/** A family circle made through the API (issue 32), for the journeys that start from one. */
import { expect, type APIRequestContext } from '@playwright/test';

import { apiPath } from './api';
import { csrf, newFamily, type Family } from './family';

/** The child's profile id, as its token names it. */
export function childIdOf(fam: Family): number {
  return (JSON.parse(Buffer.from(fam.child.access.split('.')[1]!, 'base64url').toString('utf8')) as { pid: number }).pid;
}

/** hana's family, and a grandma (a parent of another family here: a fan may be one) who follows hana. */
export async function grandmaFollows(request: APIRequestContext): Promise<{ fam: Family; gran: Family }> {
  const fam = await newFamily(request, `hana${Date.now() % 100000}`);
  const gran = await newFamily(request, `gran${Date.now() % 100000}`);
  const invite = await request.post(apiPath('circleInvite'), {
    headers: await csrf(request, { Authorization: `Bearer ${fam.parent.access}` }),
    data: { role: 'grandma', children: [childIdOf(fam)] },
  });
  expect(invite.status()).toBe(201);
  const joined = await request.post(apiPath('circleJoin', { token: ((await invite.json()) as { token: string }).token }), {
    headers: await csrf(request, { Authorization: `Bearer ${gran.parent.access}` }),
  });
  expect(joined.status()).toBe(200);
  return { fam, gran };
}
