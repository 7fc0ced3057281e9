import { Hono } from 'hono';
import { z } from 'zod';
import { isoNow, isoIn, randomToken, sha256Hex } from '../core/crypto';
import { findCompanyByHost } from '../portal/queries';
import { findAmbassadorByUser } from '../profile/ambassador-queries';
import { findUserByEmail, insertToken, revokeToken } from './user-queries';
import { ApiError } from '../core/errors';
import { tokenAuth } from '../core/token-auth';
import { verifyPassword } from './password-hash';
import { clientAndAccount, enforce, LOGIN_LIMITS, refund } from '../core/rate-limit';
import type { ApiEnv } from '../core/types';
import { readBody, readQuery } from '../core/validate';
import { loginSchema } from '../../lib/schemas/auth';

export const TOKEN_TTL_MS = 14 * 24 * 3600 * 1000;

const hostQuery = z.object({ host: z.string().min(1, 'This field is required.').max(253) });

/** Issues a new API token for a user; only its hash is stored. */
export async function issueToken(db: D1Database, companyId: string, userId: number) {
  const token = randomToken(32);
  const expiresAt = isoIn(TOKEN_TTL_MS);
  await insertToken(db, { tokenHash: await sha256Hex(token), companyId, userId, expiresAt });
  return { token, expiresAt };
}

export const auth = new Hono<ApiEnv>()
  // POST /v1/auth/ambassador/?host= - log in with e-mail and password
  .post('/auth/ambassador/', async (c) => {
    const { host } = readQuery(c, hostQuery);
    const body = await readBody(c, loginSchema);
    const company = await findCompanyByHost(c.env.DB, host);
    if (!company) throw new ApiError('not_found', 'Invalid company.');
    // Every attempt counts against the client and the account; a successful one is given back.
    const hits = await enforce(c.env.DB, await clientAndAccount(c, 'login', company.id, body.email, LOGIN_LIMITS));
    const user = await findUserByEmail(c.env.DB, company.id, body.email);
    // verifyPassword spends the same time when there is no user, so answers do not reveal accounts.
    const ok = await verifyPassword(body.password, user?.password_hash);
    const ambassador = user && ok ? await findAmbassadorByUser(c.env.DB, company.id, user.id) : null;
    if (!user || !ok || !ambassador) {
      throw new ApiError('validation', 'Unable to log in with provided credentials.', {
        non_field_errors: ['Unable to log in with provided credentials.'],
      });
    }
    await refund(c.env.DB, hits);
    const { token, expiresAt } = await issueToken(c.env.DB, company.id, user.id);
    return c.json({
      token,
      expires_at: expiresAt,
      account: { userid: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
      ambassador_uid: ambassador.uid,
      company_id: company.id,
    });
  })
  // POST /v1/auth/logout/ - revoke the token the call carries
  .post('/auth/logout/', tokenAuth(), async (c) => {
    await revokeToken(c.env.DB, c.var.principal.tokenHash, isoNow());
    return c.body(null, 204);
  });
