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

/** The verified claims, or null for anything forged, expired, malformed or of another type. */
export async function verifyToken(secret: Uint8Array, token: string, types: readonly TokenType[], now: Date): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success || !types.includes(claims.data.typ)) return null;
    const isChild = claims.data.typ.startsWith('child_');
    if (isChild !== (claims.data.pid !== undefined)) return null;
    return claims.data;
  } catch {
    return null;
  }
}
