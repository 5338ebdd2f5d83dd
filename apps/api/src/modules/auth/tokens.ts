import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  familyId: string;
}

export function createAccessTokens(key: Uint8Array, ttlSeconds: number) {
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ fam: claims.familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Null for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return null;
        return { userId: payload.sub, familyId: payload.fam };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
