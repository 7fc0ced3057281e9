// Malformed bodies are the caller's fault: a 4xx with a message, never a 500. Found by QA: a multipart
// body without its boundary, and JSON keys named like Object's own members (`constructor`, `__proto__`).
import { beforeAll, describe, expect, it } from 'vitest';
import { edge } from './helpers';
import { token, type Who } from './profile-fixtures';

let ava: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
});

async function send(method: string, path: string, contentType: string, body: string, auth = true) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (auth) headers.authorization = `Token ${ava.token}`;
  const res = await edge().fetch(`http://localhost/v1${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('a multipart body that cannot be read', () => {
  const paths: [string, string, boolean, number?][] = [
    ['POST', '/auth/ambassador/?host=localhost', false],
    ['POST', '/auth/ambassador/forgot_password/?host=localhost', false],
    ['POST', '/auth/ambassador/reset_password/?host=localhost', false],
    ['POST', '/auth/ambassador/set_password/?host=localhost', false],
    ['POST', '/auth/sso/?host=localhost', false],
    ['POST', '/recaptcha?host=localhost', false],
    ['POST', '/optout/?host=localhost', false],
    ['POST', '/tables/ambassadors/amb-ava/actions/custom_url/create/', true],
    ['POST', '/track/share/', true],
    ['POST', '/users/1001/password/', true],
    // JSON only: a form of any kind is the wrong media type.
    ['PATCH', '/ambassadors/amb-ava/notifications/', true, 415],
  ];
  for (const [method, path, auth, status = 400] of paths) {
    it(`${method} ${path} answers ${status}`, async () => {
      for (const type of ['multipart/form-data; boundary=zz', 'multipart/form-data']) {
        const res = await send(method, path, type, 'garbage', auth);
        expect(res.status, type).toBe(status);
        expect(res.body.detail ?? Object.keys(res.body)[0]).toBeTruthy();
      }
    });
  }
});

describe('JSON keys named like Object members', () => {
  for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`"${key}" is refused by name on the profile and the notifications`, async () => {
      const body = `{"${key}":{"x":1}}`;
      for (const path of [`/portal/ambassadors/${ava.uid}/`, `/ambassadors/${ava.uid}/notifications/`]) {
        const res = await send('PATCH', path, 'application/json', body);
        expect(res.status, path).toBe(400);
        expect(Object.keys(res.body), path).toContain(key);
      }
    });
  }
});
