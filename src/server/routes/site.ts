/** What a visitor meets around the galleries: the advertisements (the landing's banners) and the contact form. */
import { M } from '@contract/messages';
import { activeAdvertisements } from '../domain/advertisements';
import { submitInquiry } from '../domain/inquiries';
import { clientIp } from '../middleware/client-ip';
import type { Handlers } from './register';

export const siteHandlers = {
  advertisements: async ({ deps, query }) => activeAdvertisements(deps, query.add_type),
  inquiry: async ({ c, deps, auth, body, lang, t }) => {
    await submitInquiry(
      deps,
      { subject: body.subject, message: body.inquiry_message, email: body.user_email, name: body.user_name },
      { lang, userId: auth?.user.id ?? null, ip: clientIp(c, deps.config.trustProxy).slice(0, 64) },
    );
    return { message: t(M.inquirySent) };
  },
} satisfies Partial<Handlers>;
