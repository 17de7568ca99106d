/**
 * A parent's word (decisions.md "A parent's word", issue 28): a child may start a paid class sign-up, but only a
 * parent completes the payment; deleting a child profile needs the parent too. On the child's device the parent
 * types the account's password (`parent_password`, checked by the server, failures rate-limited per account); the
 * server answers the child's request with the confirmed action, never with a parent token. Or the parent approves
 * from the parent's own session, where the child's attempt waits as a request.
 */
import { z } from 'zod';

import { M } from './messages';

export const PARENT_REQUEST_KINDS = ['class_payment', 'profile_delete'] as const;
export type ParentRequestKind = (typeof PARENT_REQUEST_KINDS)[number];

/** The parent account's password, typed on the child's device (no rule but a length: it is only compared). */
export const parentPassword = z
  .string({ error: M.parentPasswordRequired.id })
  .min(1, { error: M.parentPasswordRequired.id, abort: true })
  .max(128, M.parentPasswordWrong.id)
  .refine((v) => !v.includes('\u0000'), M.parentPasswordWrong.id);

/** DELETE /api/profiles/{id}/delete/: a child token deleting its own profile sends the parent's password. */
export const profileDeleteBody = z.object({ parent_password: parentPassword.optional() });

/** One child's request waiting for the parent (GET /api/parent-requests/). */
export const parentRequest = z.object({
  id: z.number(),
  kind: z.enum(PARENT_REQUEST_KINDS),
  profile: z.object({ id: z.number(), username: z.string(), profile_picture: z.string().nullable() }),
  /** The class to pay for (class_payment), null for a deletion. */
  artist_class: z.object({ id: z.number(), name: z.string(), price: z.number(), currency: z.string() }).nullable(),
  created_at: z.string(),
});
export const parentRequestList = z.object({ results: z.array(parentRequest) });

/**
 * The parent approved: a deletion is done; a payment answers its intent (the parent pays it on this device with the
 * card form, and the sign-up is confirmed by the server once the provider says it succeeded).
 */
export const parentRequestApproved = z.object({
  message: z.string(),
  kind: z.enum(PARENT_REQUEST_KINDS),
  payment: z
    .object({
      signup_id: z.number(),
      artist_class: z.number(),
      status: z.enum(['pending', 'confirmed']),
      payment_intent_client_secret: z.string().nullable(),
      payment_intent_id: z.string().nullable(),
      amount: z.number(),
      currency: z.string(),
    })
    .nullable(),
});

export type ParentRequest = z.infer<typeof parentRequest>;
export type ParentRequestApproved = z.infer<typeof parentRequestApproved>;
