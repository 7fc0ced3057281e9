// Shared by the sharing worker tests: log in through the API and call it with the token.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { issueToken } from '../../src/api/auth/login';
import { edge } from './helpers';

/**
 * A token for the account with this e-mail, issued straight into D1 (the scrypt login is tested
 * elsewhere and is slow on a busy machine).
 */
export async function login(host: string, email: string) {
  const row = await env.DB.prepare('SELECT u.id, u.company_id, a.uid FROM users u JOIN ambassadors a ON a.user_id = u.id WHERE u.email = ?')
    .bind(email).first<{ id: number; company_id: string; uid: string }>();
  expect(row, email).toBeTruthy();
  const { token } = await issueToken(env.DB, row!.company_id, row!.id);
  return { token, uid: row!.uid, userId: row!.id, host };
}

export type Who = Awaited<ReturnType<typeof login>>;

/** Calls the embedded API as `who` with a JSON body. */
export async function api(who: Who, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Token ${who.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await edge().fetch(`http://${who.host}/v1${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

export const createPath = (who: Who) => `/tables/ambassadors/${who.uid}/actions/custom_url/create/`;
export const listPath = (who: Who) => `/ambassadors/${who.uid}/custom_urls/?ordering=-created_at&page=1&page_size=200`;
