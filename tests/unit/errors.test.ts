import { describe, expect, it } from 'vitest';
import { errorInfoFromResponse, fieldMessages, firstFieldMessage, labelApiError, messageFromError } from '../../src/lib/errors.ts';
import { t } from '../../src/lib/i18n.ts';

describe('messageFromError (§8)', () => {
  it('says the server did not answer when a request was made but no response came', () => {
    expect(messageFromError({ requestMade: true })).toBe(t('en', 'noResponse'));
  });

  it('uses the error text, else the generic message, when no request was made', () => {
    expect(messageFromError({ requestMade: false, errorText: 'Invalid URL' })).toBe('Invalid URL');
    expect(messageFromError({})).toBe(t('en', 'generic'));
  });

  it('hides an HTML response behind the generic message', () => {
    expect(messageFromError({ status: 502, contentType: 'text/html; charset=utf-8', body: '<html>Bad gateway</html>' }))
      .toBe(t('en', 'generic'));
    expect(messageFromError({ status: 500, body: '<!doctype html><p>oops' })).toBe(t('en', 'generic'));
  });

  it('uses the detail field when there is one', () => {
    expect(messageFromError({ status: 400, body: { detail: 'Unable to log in with provided credentials.' } }))
      .toBe('Unable to log in with provided credentials.');
  });

  it('joins other fields as "name: value", comma separated', () => {
    const body = { email: ['Enter a valid email address.'], password: 'This field may not be blank.' };
    expect(messageFromError({ status: 400, body })).toBe('email: Enter a valid email address., password: This field may not be blank.');
  });

  it('reads a JSON body that arrived as text', () => {
    expect(messageFromError({ status: 404, body: '{"detail":"Not found."}' })).toBe('Not found.');
  });

  it('falls back to the generic message for an empty or non-object body', () => {
    expect(messageFromError({ status: 500, body: {} })).toBe(t('en', 'generic'));
    expect(messageFromError({ status: 500, body: 'Internal Server Error' })).toBe(t('en', 'generic'));
    expect(messageFromError({ status: 500, body: null })).toBe(t('en', 'generic'));
  });

  it('translates message keys sent by our API', () => {
    expect(messageFromError({ status: 400, body: { password: ['passwordRequirements'] } }, 'es'))
      .toBe('password: La contraseña aún no cumple todos los requisitos. Revisa la lista de requisitos y cámbiala.');
    expect(messageFromError({ requestMade: true }, 'es')).toBe(t('es', 'noResponse'));
  });
});

describe('firstFieldMessage (§8 wrapped API errors)', () => {
  it('takes the first value of the first field, a string or the first item of an array', () => {
    expect(firstFieldMessage({ email: ['Already registered.', 'Second'], phone: ['x'] })).toBe('Already registered.');
    expect(firstFieldMessage({ detail: 'Not allowed.' })).toBe('Not allowed.');
  });

  it('says no API error was provided otherwise', () => {
    expect(firstFieldMessage({})).toBe('No API error was provided.');
    expect(firstFieldMessage(null)).toBe('No API error was provided.');
    expect(firstFieldMessage({ count: 3 })).toBe('No API error was provided.');
    expect(firstFieldMessage({ email: [] })).toBe('No API error was provided.');
  });
});

describe('fieldMessages', () => {
  it('maps each field to its first message and leaves detail out', () => {
    expect(fieldMessages({ detail: 'x', email: ['invalidEmail', 'y'], zip: 'Too long.' }))
      .toEqual({ email: 'Enter a valid e-mail address.', zip: 'Too long.' });
  });
});

describe('error bodies with message keys', () => {
  it('renders a field named "code" (reset or unsubscribe codes) as a field, not as the detail code', () => {
    const body = { code: ['This unsubscribe link is not valid.'], error_codes: { code: [{ code: 'invalidOptoutCode' }] } };
    expect(fieldMessages(body, 'es')).toEqual({ code: t('es', 'invalidOptoutCode') });
    expect(messageFromError({ status: 400, body }, 'en')).toBe(`code: ${t('en', 'invalidOptoutCode')}`);
  });

  it('renders a detail by its code in the page language, and text-only bodies by their English text', () => {
    expect(messageFromError({ status: 401, body: { detail: 'Invalid token.', code: 'invalidToken' } }, 'es')).toBe(t('es', 'invalidToken'));
    expect(messageFromError({ status: 400, body: { detail: 'Unable to log in with provided credentials.' } }, 'es')).toBe(t('es', 'loginFailed'));
    expect(messageFromError({ status: 400, body: { detail: 'Something only the remote API says.' } }, 'es')).toBe('Something only the remote API says.');
  });
});

describe('errorInfoFromResponse', () => {
  it('reads status, content type and a JSON body', async () => {
    const res = new Response(JSON.stringify({ detail: 'Nope' }), { status: 403, headers: { 'content-type': 'application/json' } });
    const info = await errorInfoFromResponse(res);
    expect(info).toEqual({ requestMade: true, status: 403, body: { detail: 'Nope' }, contentType: 'application/json' });
    expect(messageFromError(info)).toBe('Nope');
  });
});

describe('labelApiError', () => {
  it('labels the error with its source and type API call', () => {
    expect(labelApiError('redeem reward', { status: 400, body: { detail: 'out of stock' } }))
      .toEqual({ type: 'API call', source: 'redeem reward', status: 400, message: 'out of stock' });
    expect(labelApiError('login', { requestMade: true }, 'TIMEOUT_ERROR').status).toBe('TIMEOUT_ERROR');
  });
});
