import type { TokenClaims } from '@contract/accounts';

/** Reads a JWT payload without verifying it (the server verifies). Returns null when undecodable. */
export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    return typeof claims.exp === 'number' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Seconds until the token expires (negative when already expired), or null when undecodable. */
export function secondsLeft(token: string, now = Date.now()): number | null {
  const claims = decodeToken(token);
  return claims ? claims.exp - now / 1000 : null;
}
