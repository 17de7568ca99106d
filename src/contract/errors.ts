/**
 * Error bodies (decisions.md, "Lists and errors"). The PWA derives its toast text from these
 * (accounts spec §8); the server produces them in one place.
 *   400 {field: [messages]} (or {detail} for a spent link) · 401/404/409/422/429 {detail} · 403 {errors, detail} · 500 {errors}
 *   · 503 {detail} (the health call: and which part failed)
 */
import { z } from 'zod';

export const validationErrorBody = z.record(z.string(), z.array(z.string()));
export const detailErrorBody = z.object({ detail: z.string() });
export const forbiddenErrorBody = z.object({ errors: z.string(), detail: z.string() });
export const serverErrorBody = z.object({ errors: z.string() });
/** 503: the server cannot serve for now; the health call adds the state of each part it checked. */
export const unavailableErrorBody = z.object({
  status: z.literal('unavailable').optional(),
  detail: z.string(),
  database: z.enum(['ok', 'failed']).optional(),
  storage: z.enum(['ok', 'failed']).optional(),
});
/** A 400 is field errors, or {detail} when a link from an e-mail is invalid or spent. */
export const badRequestBody = z.union([validationErrorBody, detailErrorBody]);

/** The field name used for errors that belong to no single field. */
export const NON_FIELD = 'non_field_errors';
