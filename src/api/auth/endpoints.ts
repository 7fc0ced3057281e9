import {
  botCheckAnswer, detailAnswer, forgotPasswordAnswer, registeredAnswer, registrationFields, registrationSessionAnswer, signedInAnswer,
} from '../../lib/schemas/accounts';
import { loginSchema } from '../../lib/schemas/auth';
import { hostQuery, optionalHostQuery } from '../../lib/schemas/common';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema, ssoSchema } from '../../lib/schemas/passwords';
import { endpoint } from '../core/endpoint';
import { botCheckSchema, verifyBotCheck } from './bot-check';
import { logIn, logOut } from './login';
import { changePassword, forgotPassword, resetPassword, setFirstPassword } from './passwords';
import { register, startRegistration } from './registration';
import { bodyAsSent } from './request';
import { signInWithSso } from './sso';

// The auth area (spec §7): log in, single sign-on, registration, passwords by e-mailed code, the bot check
// (anyone may call them), and the signed-in ambassador's password change and log out. Every service parses
// the body as sent with its own schema first thing (`parseIn: 'handler'`): the embedded client and HTTP
// answer alike.

const noCompany = 'No company serves `host` (code invalidCompany)';
const tooMany = 'Too many attempts from this client; `Retry-After` says when to try again';

// POST /v1/auth/ambassador/?host= - log in with e-mail and password
export const logInEndpoint = endpoint({
  method: 'post',
  path: '/auth/ambassador/',
  auth: 'public',
  operationId: 'logIn',
  tag: 'Accounts',
  summary: 'Log in',
  description: 'E-mail and password of an ambassador of the company serving `host`: a new token, the account and the ambassador uid. ' +
    'A wrong password, an unknown e-mail and an account of another company answer alike (`loginFailed`). Repeated failures on an ' +
    'account ask for a bot-check token (`recaptchaToken`) or slow the answers down; past the client\'s limit: 429.',
  query: hostQuery,
  body: loginSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { email: 'ava@example.com', password: 'correct horse battery' },
  answer: { status: 200, schema: signedInAnswer, description: 'The session' },
  errors: { 404: noCompany, 429: tooMany },
  handle: ({ svc, query, body }) => logIn(svc, query.host, body),
});

// POST /v1/auth/session/?host= - start a registration session: {client_session_uid}
export const startRegistrationEndpoint = endpoint({
  method: 'post',
  path: '/auth/session/',
  auth: 'public',
  operationId: 'startRegistration',
  tag: 'Accounts',
  summary: 'Start a registration',
  description: 'A registration session of the company serving `host` (the request\'s portal host without it), sent as ' +
    '`X-Client-Session-Id` with the registration form; it is spent by a registration that passes validation.',
  query: optionalHostQuery,
  answer: { status: 201, schema: registrationSessionAnswer, description: 'The session' },
  errors: { 404: noCompany },
  handle: ({ svc, query }) => startRegistration(svc, query.host),
});

// POST /v1/companies/{company}/register/ - create an ambassador account (headers X-Client-Session-Id, X-Client-Request-Id)
export const registerAccountEndpoint = endpoint({
  method: 'post',
  path: '/companies/:company/register/',
  auth: 'public',
  operationId: 'registerAccount',
  tag: 'Accounts',
  summary: 'Register',
  description: 'Creates an ambassador account from the company\'s registration form (its fields as the form names them, checked ' +
    'against the company\'s form settings) and e-mails the set-password link. Headers: `X-Client-Session-Id` (from POST ' +
    '/auth/session/), `X-Client-Request-Id` (echoed). When the company logs new accounts in, the answer carries a token. ' +
    'Past the client\'s limits: 429.',
  body: registrationFields,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { firstName: 'Pia', lastName: 'Proxy', email: 'pia@example.com', country: 'US', terms: 'on' },
  answer: { status: 201, schema: registeredAnswer, description: 'The new account' },
  errors: { 404: 'Unknown company (code invalidCompany)', 429: tooMany },
  headers: (header): Record<string, string> => {
    const requestId = header('x-client-request-id')?.trim();
    return requestId ? { 'X-Client-Request-Id': requestId.slice(0, 128) } : {};
  },
  handle: ({ svc, params, body, header }) => register(svc, params.company, header('x-client-session-id'), body),
});

// POST /v1/auth/ambassador/forgot_password/?host= - e-mail a reset code (or a set-password link)
export const forgotPasswordEndpoint = endpoint({
  method: 'post',
  path: '/auth/ambassador/forgot_password/',
  auth: 'public',
  operationId: 'forgotPassword',
  tag: 'Accounts',
  summary: 'Forgot the password',
  description: 'E-mails a reset code (or a set-password link to an account without a password). The answer is the same whether ' +
    'or not the e-mail has an account. Past the client\'s limit: 429.',
  query: optionalHostQuery,
  body: forgotPasswordSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { email: 'ava@example.com' },
  answer: { status: 200, schema: forgotPasswordAnswer, description: 'The e-mail is on its way if the account exists' },
  errors: { 404: noCompany, 429: tooMany },
  handle: ({ svc, query, body }) => forgotPassword(svc, query.host, body),
});

// POST /v1/auth/ambassador/reset_password/?host= - code, email, password, repeat_password
export const resetPasswordEndpoint = endpoint({
  method: 'post',
  path: '/auth/ambassador/reset_password/',
  auth: 'public',
  operationId: 'resetPassword',
  tag: 'Accounts',
  summary: 'Reset the password',
  description: 'An e-mailed code and the new password; every session of the account ends. Wrong codes count per client and ' +
    'account: past the limit, 429.',
  query: optionalHostQuery,
  body: resetPasswordSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { email: 'ava@example.com', code: 'K7Q2M9XW4P', password: 'N3w-Passw0rd!', repeat_password: 'N3w-Passw0rd!' },
  answer: { status: 200, schema: detailAnswer, description: 'The password is set' },
  errors: { 404: noCompany, 429: tooMany },
  handle: ({ svc, query, body }) => resetPassword(svc, query.host, body),
});

// POST /v1/auth/ambassador/set_password/?host= - the first password of an account created without one
export const setPasswordEndpoint = endpoint({
  method: 'post',
  path: '/auth/ambassador/set_password/',
  auth: 'public',
  operationId: 'setPassword',
  tag: 'Accounts',
  summary: 'Set the first password',
  description: 'The code of the set-password link and the first password of an account created without one (registration, an ' +
    'invitation). Wrong codes count per client and account: past the limit, 429.',
  query: optionalHostQuery,
  body: resetPasswordSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { email: 'ava@example.com', code: 'K7Q2M9XW4P', password: 'N3w-Passw0rd!', repeat_password: 'N3w-Passw0rd!' },
  answer: { status: 200, schema: detailAnswer, description: 'The password is set' },
  errors: { 404: noCompany, 429: tooMany },
  handle: ({ svc, query, body }) => setFirstPassword(svc, query.host, body),
});

// POST /v1/auth/sso/?host= - exchange a company-signed token for a session (same answer as log in)
export const signInWithSsoEndpoint = endpoint({
  method: 'post',
  path: '/auth/sso/',
  auth: 'public',
  operationId: 'signInWithSso',
  tag: 'Accounts',
  summary: 'Single sign-on',
  description: 'Exchanges a token the company signed with its SSO secret (HS256: `email`, `jti`, `exp` at most 10 minutes ahead; ' +
    'each `jti` once) for a session, as log in answers it.',
  query: optionalHostQuery,
  body: ssoSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImF2YUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl' },
  answer: { status: 200, schema: signedInAnswer, description: 'The session' },
  errors: { 404: noCompany },
  handle: ({ svc, query, body }) => signInWithSso(svc, query.host, body),
});

// POST /v1/recaptcha - verify a bot-check token: {score, status, token, isValid}
export const verifyBotCheckEndpoint = endpoint({
  method: 'post',
  path: '/recaptcha',
  auth: 'public',
  operationId: 'verifyBotCheck',
  tag: 'Accounts',
  summary: 'Verify a bot-check token',
  description: 'The provider\'s verdict on a token of its browser script (and `action`, when named): it passes with status Ok and a ' +
    'score above 0.5. Past the client\'s limit: 429.',
  body: botCheckSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { token: '03AFcWeA5...', action: 'login' },
  answer: { status: 200, schema: botCheckAnswer, description: 'The verdict' },
  errors: { 429: tooMany },
  handle: ({ svc, body }) => verifyBotCheck(svc, body),
});

// POST /v1/users/{id}/password/ - change the password: {detail}
export const changePasswordEndpoint = endpoint({
  method: 'post',
  path: '/users/:id/password/',
  auth: 'ambassador',
  own: { id: 'user' },
  operationId: 'changePassword',
  tag: 'Accounts',
  summary: 'Change the password',
  description: 'The caller\'s new password; the current one is required when the account has one. Every other session of the ' +
    'account ends, this one stays. Past the account\'s limit: 429.',
  body: changePasswordSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { current_password: 'correct horse battery', password: 'N3w-Passw0rd!', repeat_password: 'N3w-Passw0rd!' },
  answer: { status: 200, schema: detailAnswer, description: 'The password is changed' },
  errors: { 404: 'Not the caller\'s own', 429: tooMany },
  handle: ({ svc, caller, params, body }) => changePassword(svc, caller, params.id, body),
});

// POST /v1/auth/logout/ - revoke the token the call carries
export const logOutEndpoint = endpoint({
  method: 'post',
  path: '/auth/logout/',
  auth: 'ambassador',
  operationId: 'logOut',
  tag: 'Accounts',
  summary: 'Log out',
  description: 'Revokes the token the call carries: every later call with it answers 401. The account\'s other sessions stay.',
  answer: { status: 204, description: 'The token is revoked' },
  handle: ({ svc, caller }) => logOut(svc, caller),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  logIn: logInEndpoint,
  startRegistration: startRegistrationEndpoint,
  registerAccount: registerAccountEndpoint,
  forgotPassword: forgotPasswordEndpoint,
  resetPassword: resetPasswordEndpoint,
  setPassword: setPasswordEndpoint,
  signInWithSso: signInWithSsoEndpoint,
  verifyBotCheck: verifyBotCheckEndpoint,
  changePassword: changePasswordEndpoint,
  logOut: logOutEndpoint,
};
