// A local stand-in for the part of Stripe's API the Stripe Connect rail uses (docs/payouts.md#stripe-connect):
// Express connected accounts, onboarding account links, transfers with their reversals. It speaks Stripe's
// published shapes: form-encoded bodies (`a[b]=c`), `Authorization: Bearer <secret key>`, objects and lists as
// Stripe writes them, errors as `{ error: { type, code, message, param } }` with Stripe's status codes, and
// `Idempotency-Key` as Stripe keeps it (the first answer of a key is saved, 500s included, and replayed for the
// same parameters; other parameters under the same key are a 400 `idempotency_error`). Each secret key is its own
// platform: one key never sees another's accounts or transfers.
//
//   node scripts/standins/stripe.mjs [--port 12111]        serve until stopped
//   import { startStripeStandIn } from './scripts/standins/stripe.mjs'   (tests: a free port, `close()`)
//
// Test controls (no auth; a stand-in only ever listens on loopback), all JSON:
//   POST /_standin/faults    { mode: 'drop' | 'hang' | '500', count?: 1, path?: '/v1/transfers', method?: 'POST', ms? }
//        the next `count` API calls (of `method` and `path` when given) fail: `drop` does the work and then cuts the
//        connection before answering (a timeout after Stripe acted), `hang` does the work and answers only after
//        `ms` (default 30 s), `500` answers Stripe's api_error without doing anything (and, as Stripe does, saves
//        that answer under the request's idempotency key)
//   POST /_standin/accounts/{id}   { payouts_enabled?, transfers?: 'active' | 'inactive' | 'pending' }  the account's state
//   POST /_standin/balance   { key, available }   the platform's available balance in minor units (default: plenty)
//   POST /_standin/events    { key, type: 'account.updated' | 'transfer.reversed', id, secret, deliver_to? }
//        an event of the object as it is now, signed with `secret` (the official package's test-header helper);
//        posted to `deliver_to` when given; answers { payload, signature, delivered_status }
//   GET  /_standin/stats     { requests: [{ method, path, idempotency_key }], transfers_created }
//   POST /_standin/forget_keys  { key }   the platform's idempotency keys are pruned (as Stripe does after 24 hours)
//   POST /_standin/reset     forgets everything
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';

const id = (prefix) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const PLENTY = 1_000_000_000_00;

/** `a[b][c]=v` form fields as nested objects (arrays `a[0]`/`a[]` are not used by the rail). */
function decodeForm(text) {
  const out = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const parts = name.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else at = at[part] = typeof at[part] === 'object' ? at[part] : {};
    });
  }
  return out;
}

const error = (status, type, message, extra = {}) => ({ status, body: { error: { type, message, ...extra } } });
const missing = (kind, value, param = 'id') =>
  error(404, 'invalid_request_error', `No such ${kind}: '${value}'`, { code: 'resource_missing', param });
const invalid = (message, param, code = 'parameter_missing') => error(400, 'invalid_request_error', message, { code, param });

function platform(state, key) {
  let p = state.platforms.get(key);
  if (!p) {
    p = { accounts: new Map(), transfers: new Map(), idempotency: new Map(), available: PLENTY };
    state.platforms.set(key, p);
  }
  return p;
}

/** An account as Stripe answers it: `payouts_enabled` and the transfers capability tell whether it can receive. */
const accountView = (a) => ({
  id: a.id, object: 'account', type: 'express', country: a.country, email: a.email, default_currency: a.default_currency,
  capabilities: { transfers: a.transfers }, charges_enabled: false, payouts_enabled: a.payouts_enabled,
  details_submitted: a.details_submitted, created: a.created, metadata: a.metadata,
  requirements: { currently_due: a.payouts_enabled ? [] : ['external_account', 'tos_acceptance.date'], disabled_reason: a.payouts_enabled ? null : 'requirements.past_due' },
});

const transferView = (t) => ({
  id: t.id, object: 'transfer', amount: t.amount, amount_reversed: t.amount_reversed, currency: t.currency, created: t.created,
  description: null, destination: t.destination, destination_payment: t.destination_payment, livemode: false,
  metadata: t.metadata, reversed: t.amount_reversed >= t.amount, source_transaction: null, source_type: 'card',
  transfer_group: t.transfer_group,
  reversals: { object: 'list', data: t.reversals, has_more: false, total_count: t.reversals.length, url: `/v1/transfers/${t.id}/reversals` },
});

/** The API's routes: each answers { status, body } (never throws for a client's mistake). */
function api(state, p, method, path, params, origin) {
  let m;
  if (method === 'POST' && path === '/v1/accounts') {
    if (params.type !== 'express') return invalid('This stand-in makes Express accounts only: type=express.', 'type', 'parameter_invalid_string');
    const a = {
      id: id('acct'), country: params.country ?? 'US', email: params.email ?? null, default_currency: (params.default_currency ?? 'usd').toLowerCase(),
      transfers: params.capabilities?.transfers?.requested === 'true' ? 'inactive' : undefined,
      payouts_enabled: false, details_submitted: false, created: now(), metadata: params.metadata ?? {},
    };
    p.accounts.set(a.id, a);
    return { status: 200, body: accountView(a) };
  }
  if (method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
    const a = p.accounts.get(m[1]);
    return a ? { status: 200, body: accountView(a) } : missing('account', m[1], 'account');
  }
  if (method === 'POST' && path === '/v1/account_links') {
    for (const field of ['account', 'type']) if (!params[field]) return invalid(`Missing required param: ${field}.`, field);
    if (params.type !== 'account_onboarding' && params.type !== 'account_update') return invalid(`Invalid type: ${params.type}`, 'type', 'parameter_invalid_string');
    if (!params.refresh_url || !params.return_url) return invalid('Missing required param: return_url.', params.return_url ? 'refresh_url' : 'return_url');
    if (!p.accounts.has(params.account)) return missing('account', params.account, 'account');
    const token = randomBytes(16).toString('hex');
    state.links.set(token, { platform: p, account: params.account, returnUrl: params.return_url, refreshUrl: params.refresh_url });
    return { status: 200, body: { object: 'account_link', created: now(), expires_at: now() + 300, url: `${origin}/setup/e/${token}` } };
  }
  if (method === 'POST' && path === '/v1/transfers') {
    for (const field of ['amount', 'currency', 'destination']) if (!params[field]) return invalid(`Missing required param: ${field}.`, field);
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    const a = p.accounts.get(params.destination);
    if (!a) return missing('account', params.destination, 'destination');
    if (a.transfers !== 'active') {
      return error(400, 'invalid_request_error', 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' });
    }
    if (amount > p.available) {
      return error(400, 'invalid_request_error', 'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        { code: 'balance_insufficient' });
    }
    p.available -= amount;
    const t = {
      id: id('tr'), amount, amount_reversed: 0, currency: params.currency.toLowerCase(), created: now(), destination: a.id,
      destination_payment: id('py'), metadata: params.metadata ?? {}, transfer_group: params.transfer_group ?? null, reversals: [],
    };
    p.transfers.set(t.id, t);
    state.transfersCreated += 1;
    return { status: 200, body: transferView(t) };
  }
  if (method === 'GET' && path === '/v1/transfers') {
    const group = params.transfer_group;
    const limit = Math.min(Number(params.limit ?? 10) || 10, 100);
    const all = [...p.transfers.values()].filter((t) => group === undefined || t.transfer_group === group)
      .filter((t) => params.destination === undefined || t.destination === params.destination).reverse();
    const start = params.starting_after ? all.findIndex((t) => t.id === params.starting_after) + 1 : 0;
    const page = all.slice(start, start + limit);
    return { status: 200, body: { object: 'list', data: page.map(transferView), has_more: start + limit < all.length, url: '/v1/transfers' } };
  }
  if (method === 'GET' && (m = /^\/v1\/transfers\/([^/]+)$/.exec(path))) {
    const t = p.transfers.get(m[1]);
    return t ? { status: 200, body: transferView(t) } : missing('transfer', m[1]);
  }
  if (method === 'POST' && (m = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path))) {
    const t = p.transfers.get(m[1]);
    if (!t) return missing('transfer', m[1]);
    const left = t.amount - t.amount_reversed;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return invalid(`Amount must be no more than ${left}.`, 'amount', 'parameter_invalid_integer');
    }
    const reversal = { id: id('trr'), object: 'transfer_reversal', amount, currency: t.currency, created: now(), metadata: params.metadata ?? {}, transfer: t.id };
    t.amount_reversed += amount;
    t.reversals.push(reversal);
    p.available += amount;
    return { status: 200, body: reversal };
  }
  return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
}

/** The hosted onboarding page of a link: one button that finishes onboarding and goes back to the portal. */
function onboardingPage(link, token) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in onboarding</title></head><body>
<main><h1>Stripe stand-in: onboarding of ${link.account}</h1>
<form method="post" action="/setup/e/${token}"><button type="submit">Finish onboarding</button></form>
<p><a href="${link.refreshUrl.replaceAll('"', '&quot;')}">This link has expired</a></p></main></body></html>`;
}

const stripeSigner = new Stripe('sk_test_standin', { httpClient: Stripe.createFetchHttpClient() });

async function makeEvent(state, input) {
  const p = platform(state, input.key);
  let object;
  if (input.type === 'account.updated') {
    const a = p.accounts.get(input.id);
    if (!a) return { status: 404, body: { error: 'no such account' } };
    object = accountView(a);
  } else if (input.type === 'transfer.reversed') {
    const t = p.transfers.get(input.id);
    if (!t) return { status: 404, body: { error: 'no such transfer' } };
    if (t.amount_reversed === 0) api(state, p, 'POST', `/v1/transfers/${t.id}/reversals`, {}, '');
    object = transferView(t);
  } else return { status: 400, body: { error: 'type: account.updated or transfer.reversed' } };
  const event = {
    id: id('evt'), object: 'event', api_version: '2025-10-29.clover', created: now(), livemode: false, pending_webhooks: 1,
    type: input.type, data: { object }, ...(input.type === 'account.updated' ? { account: input.id } : {}),
  };
  const payload = JSON.stringify(event);
  const signature = await stripeSigner.webhooks.generateTestHeaderStringAsync({
    payload, secret: input.secret, cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  let delivered = null;
  if (input.deliver_to) {
    const res = await fetch(input.deliver_to, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
    delivered = res.status;
  }
  return { status: 200, body: { payload, signature, delivered_status: delivered } };
}

function freshState() {
  return { platforms: new Map(), links: new Map(), faults: [], requests: [], transfersCreated: 0 };
}

function control(state, method, path, body) {
  let m;
  if (method === 'POST' && path === '/_standin/reset') {
    Object.assign(state, freshState());
    return { status: 200, body: { reset: true } };
  }
  if (method === 'POST' && path === '/_standin/forget_keys') {
    platform(state, body.key).idempotency.clear();
    return { status: 200, body: { forgotten: true } };
  }
  if (method === 'POST' && path === '/_standin/faults') {
    const mode = body.mode;
    if (!['drop', 'hang', '500'].includes(mode)) return { status: 400, body: { error: 'mode: drop, hang or 500' } };
    state.faults.push({ mode, left: Number(body.count ?? 1), path: body.path ?? null, method: body.method ?? null, ms: Number(body.ms ?? 30_000) });
    return { status: 200, body: { faults: state.faults.length } };
  }
  if (method === 'POST' && (m = /^\/_standin\/accounts\/([^/]+)$/.exec(path))) {
    for (const p of state.platforms.values()) {
      const a = p.accounts.get(m[1]);
      if (!a) continue;
      if (body.payouts_enabled !== undefined) a.payouts_enabled = !!body.payouts_enabled;
      if (body.transfers !== undefined) a.transfers = body.transfers;
      return { status: 200, body: accountView(a) };
    }
    return { status: 404, body: { error: 'no such account' } };
  }
  if (method === 'POST' && path === '/_standin/balance') {
    platform(state, body.key).available = Number(body.available);
    return { status: 200, body: { available: Number(body.available) } };
  }
  if (method === 'GET' && path === '/_standin/stats') {
    return { status: 200, body: { requests: state.requests, transfers_created: state.transfersCreated } };
  }
  return null;
}

const readBody = (req) => new Promise((resolve, reject) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  req.on('error', reject);
});

/** The fault the next call of `method` `path` meets, if any (each fault counts its calls down). */
function takeFault(state, method, path) {
  const fault = state.faults.find((f) => f.left > 0 && (f.path === null || f.path === path) && (f.method === null || f.method === method));
  if (!fault) return null;
  fault.left -= 1;
  state.faults = state.faults.filter((f) => f.left > 0);
  return fault;
}

/** Starts the stand-in on `port` (0: a free one) of 127.0.0.1; answers its URL and `close()`. */
export async function startStripeStandIn({ port = 0 } = {}) {
  const state = freshState();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    const origin = `http://${req.headers.host}`;
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith('/_standin/')) {
        const out = await (url.pathname === '/_standin/events' && req.method === 'POST'
          ? makeEvent(state, JSON.parse(raw || '{}'))
          : control(state, req.method, url.pathname, JSON.parse(raw || '{}')));
        return out ? send(out.status, out.body) : send(404, { error: 'unknown control' });
      }
      let m;
      if ((m = /^\/setup\/e\/([0-9a-f]+)$/.exec(url.pathname))) {
        const link = state.links.get(m[1]);
        if (!link) return send(404, '<!doctype html><title>Expired</title><p>This onboarding link has expired.</p>');
        if (req.method === 'GET') return send(200, onboardingPage(link, m[1]));
        const a = link.platform.accounts.get(link.account);
        Object.assign(a, { payouts_enabled: true, details_submitted: true, transfers: 'active' });
        state.links.delete(m[1]);
        res.writeHead(303, { location: link.returnUrl });
        return res.end();
      }
      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!key || !/^(sk|rk)_(test|live)_/.test(key)) {
        return send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${(key ?? '').slice(0, 8)}****` } });
      }
      const idempotencyKey = req.headers['idempotency-key'];
      state.requests.push({ method: req.method, path: url.pathname, idempotency_key: idempotencyKey ?? null });
      const p = platform(state, key);
      const params = req.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(raw);
      const fingerprint = `${req.method} ${url.pathname} ${[...new URLSearchParams(raw)].map(([k, v]) => `${k}=${v}`).sort().join('&')}`;
      if (req.method === 'POST' && idempotencyKey) {
        const saved = p.idempotency.get(idempotencyKey);
        if (saved && saved.fingerprint !== fingerprint) {
          const e = error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
          return send(e.status, e.body);
        }
        if (saved) return send(saved.status, saved.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
      }
      const fault = takeFault(state, req.method, url.pathname);
      const out = fault?.mode === '500'
        ? error(500, 'api_error', 'An unknown error occurred')
        : api(state, p, req.method, url.pathname, params, origin);
      if (req.method === 'POST' && idempotencyKey) p.idempotency.set(idempotencyKey, { fingerprint, ...out });
      if (fault?.mode === 'drop') return req.socket.destroy();
      if (fault?.mode === 'hang') await new Promise((r) => setTimeout(r, fault.ms));
      return send(out.status, out.body, { 'request-id': id('req'), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
    } catch (err) {
      return send(500, { error: { type: 'api_error', message: `stand-in: ${err instanceof Error ? err.message : String(err)}` } });
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    server,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve(undefined)); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port');
  const standIn = await startStripeStandIn({ port: at > 0 ? Number(process.argv[at + 1]) : 12111 });
  console.log(`Stripe stand-in on ${standIn.url} (STRIPE_API_URL=${standIn.url})`);
}
