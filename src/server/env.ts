/** The Hono environment shared by the app and the routes. */
import type { Language } from '@contract/limits';
import type { Auth } from './domain/sessions';
import type { Translate } from './i18n';

export interface AppEnv {
  Variables: {
    lang: Language;
    t: Translate;
    /** The caller, or null when no valid bearer token came. */
    auth: Auth | null;
    /** A bearer token was sent but did not verify (expired, revoked, forged). */
    authRejected: boolean;
  };
}
