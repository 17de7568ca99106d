/** Password hashing with argon2id (OWASP's recommended parameters: 19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports a const enum, which isolatedModules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spend the same time as a real check when the e-mail is unknown, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}
