// Shared by the profile worker tests: log in through the API, call it with the token, and build image
// headers by hand (the server reads types and sizes from the bytes, so a header is all it needs).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { issueToken } from '../../src/api/auth/login';
import { edge } from './helpers';

export const PASSWORD = 'Password1!';

/** A session for a seeded ambassador without the cost of a password check (scrypt is slow on a busy machine). */
export async function token(host: string, email: string) {
  const row = await env.DB
    .prepare('SELECT u.id, u.company_id, a.uid FROM users u JOIN ambassadors a ON a.user_id = u.id WHERE u.email = ?')
    .bind(email)
    .first<{ id: number; company_id: string; uid: string }>();
  if (!row) throw new Error(`no seeded ambassador ${email}`);
  const { token: value } = await issueToken(env.DB, row.company_id, row.id);
  return { token: value, uid: row.uid, userId: row.id, host };
}

/** Logs in with the password through the API, as a person does. */
export async function passwordLogin(host: string, email: string) {
  const res = await edge().fetch(`http://${host}/v1/auth/ambassador/?host=${host}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string; ambassador_uid: string; account: { userid: number } };
  return { token: body.token, uid: body.ambassador_uid, userId: body.account.userid, host };
}

export type Who = Awaited<ReturnType<typeof token>>;

/** Calls the embedded API as `who`; a plain object body is sent as JSON, FormData as multipart. */
export async function call(who: Who, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Token ${who.token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await edge().fetch(`http://${who.host}/v1${path}`, { method, headers, body: payload });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/** A GET of the embedded API as `who` in a language, as the portal's pages make it (Accept-Language: the page language); must answer 200. */
export async function getInLanguage(who: Who, path: string, lang: string | null) {
  const headers: Record<string, string> = { authorization: `Token ${who.token}` };
  if (lang) headers['accept-language'] = lang;
  const res = await edge().fetch(`http://${who.host}/v1${path}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A PNG signature and IHDR chunk of the given size, plus filler bytes. */
export function pngBytes(width: number, height: number, filler = 64) {
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...u32(width), ...u32(height), 8, 6, 0, 0, 0, 0, 0, 0, 0,
    ...new Array(filler).fill(0),
  ]);
}

/** A JPEG with an APP0 segment, then a baseline frame header (SOF0) of the given size. */
export function jpegBytes(width: number, height: number) {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xff, 0xc0, 0, 17, 8, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    0xff, 0xd9,
  ]);
}

/** A WebP (VP8X extended header) of the given size. */
export function webpBytes(width: number, height: number) {
  const w = width - 1;
  const h = height - 1;
  return new Uint8Array([
    0x52, 0x49, 0x46, 0x46, 30, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0,
    w & 255, (w >> 8) & 255, (w >> 16) & 255, h & 255, (h >> 8) & 255, (h >> 16) & 255, 0, 0,
  ]);
}

export function avatarForm(bytes: Uint8Array, name = 'avatar.png', type = 'image/png', extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append('avatar', new File([bytes.buffer as ArrayBuffer], name, { type }));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}
