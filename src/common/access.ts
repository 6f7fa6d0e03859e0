import * as z from 'zod/mini';

/** The server's access-token exchange (docs/decisions/0005-request-guards.md). */
export const accessPath = '/api/access';

/** `code` of the 401 body an API route answers when ACCESS_TOKEN is set and none came. */
export const accessTokenErrorCode = 'access-token';

export function isAccessTokenError(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === accessTokenErrorCode;
}

/** `POST /api/access`'s body: the token to trade for the cookie. */
export const accessRequestSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(1024)) });
export type AccessRequest = z.infer<typeof accessRequestSchema>;
