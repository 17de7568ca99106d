/**
 * JSON Web Tokens (HS256 via jose). Four distinct types, so a refresh token can never pass as an
 * access token and a parent token never as a child's (notes: "Tokens").
 */
import { randomUUID } from 'node:crypto';

import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export type TokenType = 'access' | 'refresh' | 'child_access' | 'child_refresh';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  typ: z.enum(['access', 'refresh', 'child_access', 'child_refresh']),
  pid: z.number().int().positive().optional(),
  ver: z.number().int().min(0),
  fam: z.string().optional(),
  jti: z.string(),
  exp: z.number(),
});

export type Claims = z.infer<typeof claimsSchema>;

export interface TokenInput {
  userId: number;
  typ: TokenType;
  ver: number;
  profileId?: number | null;
  family?: string;
  jti?: string;
}

export async function signToken(secret: Uint8Array, input: TokenInput, now: Date): Promise<{ token: string; jti: string; exp: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const ttl = input.typ.endsWith('refresh') ? REFRESH_TTL_SECONDS : ACCESS_TTL_SECONDS;
  const jti = input.jti ?? randomUUID();
  const payload: Record<string, unknown> = { typ: input.typ, ver: input.ver };
  if (input.profileId) payload.pid = input.profileId;
  if (input.family) payload.fam = input.family;
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(input.userId))
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(secret);
  return { token, jti, exp: new Date((iat + ttl) * 1000) };
}

/**
 * Tokens whose signature jose has checked, with their claims, per secret (issue 30: jwtVerify cost 50-77 µs a
 * request, most of a cached page's time). A token is a fixed string: once its signature is good it stays good, so
 * only the expiry is checked again, as jose checks it (expired when `exp` <= now in whole seconds). Only tokens that
 * passed are kept, so forged ones cannot fill it; at most MAX_VERIFIED, the oldest dropped first.
 */
const MAX_VERIFIED = 20_000;
const verified = new WeakMap<Uint8Array, Map<string, Claims>>();

async function signedClaims(secret: Uint8Array, token: string, now: Date): Promise<Claims | null> {
  let kept = verified.get(secret);
  if (!kept) verified.set(secret, (kept = new Map()));
  const hit = kept.get(token);
  if (hit) return hit.exp > Math.floor(now.getTime() / 1000) ? hit : null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    kept.set(token, Object.freeze(claims.data));
    if (kept.size > MAX_VERIFIED) kept.delete(kept.keys().next().value!);
    return claims.data;
  } catch {
    return null;
  }
}

/** The verified claims, or null for anything forged, expired, malformed or of another type. */
export async function verifyToken(secret: Uint8Array, token: string, types: readonly TokenType[], now: Date): Promise<Claims | null> {
  const claims = await signedClaims(secret, token, now);
  if (!claims || !types.includes(claims.typ)) return null;
  const isChild = claims.typ.startsWith('child_');
  if (isChild !== (claims.pid !== undefined)) return null;
  return claims;
}
