/**
 * The errors the routes throw. app.ts's onError turns them into the contract's error bodies
 * (errors.ts in the contract), translated into the request's language.
 */
import { NON_FIELD } from '@contract/errors';
import type { Msg } from '@contract/messages';

export type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** A non-validation failure: 401/404/409/422/429/503 -> {detail}, 403 -> {errors, detail}. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus | 400,
    readonly msg: Msg,
    readonly values?: Record<string, unknown>,
    /** Extra answer headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(msg.message);
  }
}

/** 400 {field: [message ids]}; translated when rendered. */
export class ValidationError extends Error {
  /** Placeholder values for the messages, e.g. {count} of freePlanLimit. */
  values?: Record<string, unknown>;

  constructor(readonly fields: Record<string, string[]>) {
    super('validation failed');
  }

  withValues(values: Record<string, unknown>): this {
    this.values = values;
    return this;
  }

  static of(field: string, ...ids: string[]): ValidationError {
    return new ValidationError({ [field]: ids });
  }

  static nonField(...ids: string[]): ValidationError {
    return new ValidationError({ [NON_FIELD]: ids });
  }
}
