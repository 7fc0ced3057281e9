import type { APIRoute } from 'astro';
import { redirectClearingSession } from '../edge/page-data';

/** GET or POST /logout: revoke the token on the server, clear the cookie, back to /login. */
export const ALL: APIRoute = async ({ locals }) => {
  if (locals.session) {
    const res = await locals.upstream('/auth/logout/', { method: 'POST' });
    if (!res.ok && res.status !== 401) console.error('logout: revoke failed', res.status);
  }
  return redirectClearingSession('/login');
};
