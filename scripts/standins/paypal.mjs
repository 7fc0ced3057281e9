#!/usr/bin/env node
// A local stand-in for PayPal's REST API, as much of it as the PayPal Payouts rail uses (docs/payouts.md):
//
//   POST /v1/oauth2/token                          client credentials (HTTP Basic client_id:client_secret)
//   POST /v1/payments/payouts                      create a batch payout (PayPal-Request-Id idempotency,
//                                                  a sender_batch_id used before -> 400 USER_BUSINESS_ERROR)
//   GET  /v1/payments/payouts/{payout_batch_id}    the batch and its items (page, page_size, total_required)
//   GET  /v1/payments/payouts-item/{payout_item_id}
//   POST /v1/notifications/webhooks                register a webhook URL for the app (-> its webhook id)
//   GET  /v1/notifications/webhooks
//   POST /v1/notifications/verify-webhook-signature
//
// The paths, fields, status codes and error bodies follow PayPal's published API (developer.paypal.com,
// paypal/paypal-rest-api-specifications). It delivers webhooks (PAYMENT.PAYOUTS-ITEM.*, PAYMENT.PAYOUTSBATCH.*) to
// the app's registered URLs with PayPal's transmission headers, and answers SUCCESS to verify-webhook-signature
// only for a transmission it sent, unchanged. Signatures are an HMAC under a key only this process knows (PayPal
// signs with RSA; the portal never checks a signature itself, it asks verify-webhook-signature, as PayPal advises).
//
// Faults and controls for tests and demos, JSON at /__control (see `control()` below): the next N calls time out
// (the request is carried out, then the connection is cut: "PayPal accepted, the answer was lost"), hang, or
// answer 500; a receiver's items end FAILED / RETURNED / UNCLAIMED / BLOCKED / ...; INSUFFICIENT_FUNDS; answers
// held back while the webhooks go out first (early webhooks); webhooks queued for the test to deliver (late) or
// sent twice; how many payouts each receiver got.
//
// Command line: node scripts/standins/paypal.mjs [--port 48790] [--webhook-url URL]
// From tests:   const pp = await startPayPal({ port: 0 }); pp.url ... await pp.close();

import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The app every stand-in knows from the start (any other is registered with POST /__control/apps). */
export const DEFAULT_APP = { client_id: 'AaLocalSandboxClient0001', client_secret: 'EeLocalSandboxSecret0001' };

const FINAL_STATUSES = ['SUCCESS', 'FAILED', 'PENDING', 'UNCLAIMED', 'RETURNED', 'ONHOLD', 'BLOCKED', 'REFUNDED', 'REVERSED'];
/** The webhook event of an item that reached a status (PayPal's Payouts webhook names). */
const ITEM_EVENT = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED', UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED', ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD', BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  REFUNDED: 'PAYMENT.PAYOUTS-ITEM.REFUNDED', REVERSED: 'PAYMENT.PAYOUTS-ITEM.REVERSED',
};
/** Why an item failed, as PayPal's item `errors` name it. */
const ITEM_ERRORS = {
  FAILED: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
  BLOCKED: { name: 'RISK_DECLINE', message: 'Transaction declined by risk' },
  RETURNED: { name: 'RECEIVER_UNCONFIRMED', message: 'Receiver did not claim the payout within 30 days' },
};
const ZERO_DECIMALS = new Set(['JPY', 'HUF', 'TWD']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const debugId = () => randomBytes(6).toString('hex');
const pid = (prefix = '') => prefix + randomBytes(7).toString('hex').toUpperCase().slice(0, 13);
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** PayPal's error body (name, message, debug_id, information_link, details). */
const ppError = (name, message, details) => ({
  name, message, debug_id: debugId(),
  information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/#errors',
  ...(details ? { details } : {}), links: [],
});

/** Money in PayPal's decimal string, from minor units (tests and the state report). */
const sumValues = (values, currency) => {
  const scale = ZERO_DECIMALS.has(currency) ? 1 : 100;
  const total = values.reduce((s, v) => s + Math.round(Number(v) * scale), 0);
  return scale === 1 ? String(total) : (total / 100).toFixed(2);
};

/**
 * Starts a stand-in. `port` 0 picks a free one. Returns `{ url, port, close(), state, control(body) }`.
 * `delivery`: 'push' (POST each webhook to its URL, the default) or 'queue' (keep them for GET /__control/deliveries).
 */
export async function startPayPal({ port = 0, host = '127.0.0.1', webhookUrl, delivery = 'push', log = false } = {}) {
  const signingKey = randomBytes(32);
  const state = freshState(delivery);
  let base = '';

  function freshState(mode) {
    return {
      apps: new Map([[DEFAULT_APP.client_id, DEFAULT_APP.client_secret]]),
      tokens: new Map(),
      webhooks: new Map(), // client_id -> [{ id, url, event_types }]
      batches: new Map(), // payout_batch_id -> batch
      bySender: new Map(), // client_id \0 sender_batch_id -> payout_batch_id
      byRequestId: new Map(), // client_id \0 PayPal-Request-Id -> { hash, status, body }
      items: new Map(), // payout_item_id -> item
      transmissions: new Map(), // transmission id -> { sig, webhook_id, event }
      faults: [], // { route, kind, remaining }
      receivers: new Map(), // receiver e-mail (lower case) -> final transaction_status
      paid: new Map(), // receiver -> [{ value, currency, payout_item_id }]
      queue: [],
      delivered: [],
      holdAnswers: false,
      held: [],
      settle: 'auto', // 'auto': items settle right after the create; 'manual': on POST /__control/settle
      deliveryMode: mode,
      duplicateDeliveries: false,
      maxPageSize: 1000,
      tokenExpiresIn: 32400,
      calls: {},
    };
  }

  // ---------- webhooks ----------

  function signFor(transmissionId, time, webhookId, body) {
    return createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest('base64');
  }

  function emit(clientId, eventType, resourceType, resource, summary) {
    const event = {
      id: `WH-${pid()}-${pid()}`, event_version: '1.0', create_time: nowIso(), resource_type: resourceType,
      event_type: eventType, summary, resource,
      links: [{ href: `${base}/v1/notifications/webhooks-events/WH-0`, rel: 'self', method: 'GET' }],
    };
    for (const hook of state.webhooks.get(clientId) ?? []) {
      if (!hook.event_types.some((t) => t.name === '*' || t.name === eventType)) continue;
      const times = state.duplicateDeliveries ? 2 : 1;
      for (let n = 0; n < times; n++) {
        const body = JSON.stringify(event);
        const transmissionId = randomUUID();
        const time = nowIso();
        const sig = signFor(transmissionId, time, hook.id, body);
        state.transmissions.set(transmissionId, { sig, webhook_id: hook.id, event: body, time });
        const delivery = {
          url: hook.url, event_id: event.id, event_type: eventType,
          headers: {
            'content-type': 'application/json',
            'paypal-transmission-id': transmissionId,
            'paypal-transmission-time': time,
            'paypal-transmission-sig': sig,
            'paypal-cert-url': `${base}/v1/notifications/certs/CERT-local-standin`,
            'paypal-auth-algo': 'SHA256withRSA',
          },
          body,
        };
        if (state.deliveryMode === 'queue') state.queue.push(delivery);
        else void push(delivery);
      }
    }
  }

  async function push(delivery) {
    // PayPal retries a delivery that did not answer 2xx (up to 25 times over 3 days); a few quick tries here.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(10_000) });
        state.delivered.push({ ...delivery, status: res.status });
        if (log) console.log(`[paypal] webhook ${delivery.event_type} -> ${delivery.url}: ${res.status}`);
        if (res.ok) return;
      } catch (err) {
        if (log) console.log(`[paypal] webhook ${delivery.event_type} -> ${delivery.url}: ${err.message}`);
      }
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }

  // ---------- payouts ----------

  const itemView = (item, withBatchId = false) => ({
    payout_item_id: item.payout_item_id,
    transaction_id: item.transaction_id,
    activity_id: item.activity_id,
    transaction_status: item.transaction_status,
    payout_item_fee: { currency: item.payout_item.amount.currency, value: '0.00' },
    payout_batch_id: item.payout_batch_id,
    ...(withBatchId ? { sender_batch_id: state.batches.get(item.payout_batch_id).sender_batch_header.sender_batch_id } : {}),
    payout_item: item.payout_item,
    time_processed: item.time_processed,
    ...(item.errors ? { errors: item.errors } : {}),
    links: [
      { href: `${base}/v1/payments/payouts-item/${item.payout_item_id}`, rel: 'item', method: 'GET', encType: 'application/json' },
    ],
  });

  const headerView = (batch) => ({
    payout_batch_id: batch.payout_batch_id,
    batch_status: batch.batch_status,
    time_created: batch.time_created,
    ...(batch.time_completed ? { time_completed: batch.time_completed } : {}),
    sender_batch_header: batch.sender_batch_header,
    amount: batch.amount,
    fees: { currency: batch.amount.currency, value: '0.00' },
  });

  function setItemStatus(clientId, item, status) {
    if (item.transaction_status === status) return;
    item.transaction_status = status;
    item.time_processed = nowIso();
    item.errors = ITEM_ERRORS[status];
    if (status === 'SUCCESS' && !item.transaction_id) item.transaction_id = pid();
    const type = ITEM_EVENT[status];
    if (type) {
      emit(clientId, type, 'payouts_item', itemView(item),
        `Payout item ${status === 'SUCCESS' ? 'succeeded' : status.toLowerCase()}`);
    }
  }

  /** Each pending item of a batch reaches its receiver's status (SUCCESS unless a control said otherwise). */
  function settleBatch(batch) {
    for (const id of batch.item_ids) {
      const item = state.items.get(id);
      if (item.transaction_status !== 'PENDING') continue;
      const status = state.receivers.get(item.payout_item.receiver.toLowerCase()) ?? 'SUCCESS';
      if (status === 'PENDING') continue;
      setItemStatus(batch.client_id, item, status);
    }
    if (batch.batch_status !== 'SUCCESS') {
      batch.batch_status = 'SUCCESS';
      batch.time_completed = nowIso();
      emit(batch.client_id, 'PAYMENT.PAYOUTSBATCH.SUCCESS', 'payouts', { batch_header: headerView(batch), links: [] }, 'Payouts batch completed successfully.');
    }
  }

  function validatePayout(body) {
    const details = [];
    const issue = (field, text) => details.push({ field, location: 'body', issue: text });
    const header = body?.sender_batch_header;
    if (!header || typeof header !== 'object') issue('sender_batch_header', 'Required field missing');
    else if (header.sender_batch_id !== undefined && (typeof header.sender_batch_id !== 'string' || header.sender_batch_id.length > 256)) {
      issue('sender_batch_header.sender_batch_id', 'Value is invalid');
    }
    if (!Array.isArray(body?.items) || body.items.length === 0) issue('items', 'Required field missing');
    else if (body.items.length > 15000) issue('items', 'Items exceed the maximum of 15000');
    else {
      const seen = new Set();
      body.items.forEach((it, i) => {
        const at = `items[${i}]`;
        const type = it?.recipient_type ?? header?.recipient_type ?? 'EMAIL';
        if (!['EMAIL', 'PHONE', 'PAYPAL_ID'].includes(type)) issue(`${at}.recipient_type`, 'Value is invalid');
        if (typeof it?.receiver !== 'string' || !it.receiver) issue(`${at}.receiver`, 'Required field missing');
        else if (type === 'EMAIL' && !EMAIL.test(it.receiver)) issue(`${at}.receiver`, 'Receiver is invalid or does not match with type');
        const currency = it?.amount?.currency;
        const value = it?.amount?.value;
        if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) issue(`${at}.amount.currency`, 'Currency is invalid');
        const pattern = ZERO_DECIMALS.has(currency) ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
        if (typeof value !== 'string' || !pattern.test(value) || Number(value) <= 0) issue(`${at}.amount.value`, 'Amount is invalid for the currency');
        if (it?.sender_item_id !== undefined) {
          if (typeof it.sender_item_id !== 'string' || it.sender_item_id.length > 63) issue(`${at}.sender_item_id`, 'Value is invalid');
          else if (seen.has(it.sender_item_id)) issue(`${at}.sender_item_id`, 'DUPLICATE_ITEM: REF_ID matches with another item in the batch');
          else seen.add(it.sender_item_id);
        }
      });
    }
    return details;
  }

  function createPayout(clientId, body) {
    const details = validatePayout(body);
    if (details.length) return [400, ppError('VALIDATION_ERROR', 'Invalid request - see details', details)];
    const senderBatchId = body.sender_batch_header.sender_batch_id ?? pid('SB');
    const key = `${clientId}\u0000${senderBatchId}`;
    const existing = state.bySender.get(key);
    if (existing) {
      return [400, ppError('USER_BUSINESS_ERROR', 'User business error.', [{
        field: 'SENDER_BATCH_ID', location: 'body', issue: 'Batch with given sender_batch_id already exists',
        link: [{ href: `${base}/v1/payments/payouts/${existing}`, rel: 'self', method: 'GET', encType: 'application/json' }],
      }])];
    }
    const funds = takeFault('insufficient_funds');
    if (funds) {
      return [422, ppError('INSUFFICIENT_FUNDS', 'Sender does not have sufficient funds. Please add funds and retry.')];
    }
    const batchId = pid();
    const currency = body.items[0].amount.currency;
    const batch = {
      client_id: clientId, payout_batch_id: batchId, batch_status: 'PENDING', time_created: nowIso(), time_completed: null,
      sender_batch_header: { sender_batch_id: senderBatchId, ...(body.sender_batch_header.email_subject ? { email_subject: body.sender_batch_header.email_subject } : {}) },
      amount: { currency, value: sumValues(body.items.map((it) => it.amount.value), currency) },
      item_ids: [],
    };
    for (const it of body.items) {
      const item = {
        payout_item_id: pid(), payout_batch_id: batchId, transaction_status: 'PENDING', transaction_id: null, activity_id: pid(),
        time_processed: null, errors: undefined,
        payout_item: {
          recipient_type: it.recipient_type ?? body.sender_batch_header.recipient_type ?? 'EMAIL', amount: { ...it.amount },
          note: it.note ?? '', receiver: it.receiver, ...(it.sender_item_id !== undefined ? { sender_item_id: it.sender_item_id } : {}),
          recipient_wallet: 'PAYPAL',
        },
      };
      state.items.set(item.payout_item_id, item);
      batch.item_ids.push(item.payout_item_id);
      const who = it.receiver.toLowerCase();
      state.paid.set(who, [...(state.paid.get(who) ?? []), { value: it.amount.value, currency: it.amount.currency, payout_item_id: item.payout_item_id }]);
    }
    state.batches.set(batchId, batch);
    state.bySender.set(key, batchId);
    return [201, {
      batch_header: { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: batch.sender_batch_header },
      links: [{ href: `${base}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET', encType: 'application/json' }],
    }, batch];
  }

  function showPayout(clientId, id, query) {
    const batch = state.batches.get(id);
    if (!batch || batch.client_id !== clientId) {
      return [404, ppError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.')];
    }
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const size = Math.min(state.maxPageSize, Math.max(1, Number(query.get('page_size') ?? 1000) || 1000));
    const all = batch.item_ids.map((i) => state.items.get(i));
    const slice = all.slice((page - 1) * size, page * size);
    const totalPages = Math.max(1, Math.ceil(all.length / size));
    const withTotals = query.get('total_required') === 'true';
    return [200, {
      batch_header: headerView(batch),
      items: slice.map((i) => itemView(i)),
      ...(withTotals ? { total_items: all.length, total_pages: totalPages } : {}),
      links: [
        { href: `${base}/v1/payments/payouts/${id}?page_size=${size}&page=${page}`, rel: 'self', method: 'GET' },
        ...(page < totalPages ? [{ href: `${base}/v1/payments/payouts/${id}?page_size=${size}&page=${page + 1}`, rel: 'next', method: 'GET' }] : []),
      ],
    }];
  }

  // ---------- faults ----------

  /** Takes one fault for `route` (or `any`) of `kind` when one is armed. */
  function takeFault(route, kinds) {
    const i = state.faults.findIndex((f) => (f.route === route || f.route === 'any') && (!kinds || kinds.includes(f.kind)) && f.remaining > 0);
    if (i < 0) return null;
    const fault = state.faults[i];
    fault.remaining -= 1;
    if (fault.remaining === 0) state.faults.splice(i, 1);
    return fault;
  }

  // ---------- control ----------

  /**
   * The test and demo controls (POST /__control with any of these fields, all optional):
   * - reset: true                   forget everything (apps but the default, tokens, batches, webhooks, faults)
   * - app: { client_id, client_secret }               register an app (credentials the token endpoint accepts)
   * - webhook: { client_id, url, id? }                register a webhook for an app (as POST /v1/notifications/webhooks)
   * - fail: { route, kind, times }  route: 'token' | 'payouts' (create) | 'batch' (show) | 'item' | 'verify' | 'any';
   *                                 kind: 'timeout' (carried out, then the connection is cut), 'hang' (carried out,
   *                                 then no answer for 30 s), '500', '503'; times: how many calls (default 1)
   * - insufficient_funds: N         the next N creates answer 422 INSUFFICIENT_FUNDS
   * - receivers: { email: STATUS }  the status that receiver's items end in (SUCCESS, FAILED, UNCLAIMED, RETURNED,
   *                                 BLOCKED, REFUNDED, REVERSED, ONHOLD, PENDING)
   * - set_item: { receiver | payout_item_id, status }  move existing items now (e.g. UNCLAIMED -> RETURNED 30 days on),
   *                                 with their webhooks
   * - settle: 'auto' | 'manual'     when items leave PENDING; settle_now: payout_batch_id or true (every batch)
   * - delivery: 'push' | 'queue'    webhooks POSTed at once, or queued for GET /__control/deliveries
   * - duplicate_deliveries: bool    every webhook delivered twice (same event id, two transmissions)
   * - hold_answers: bool            creates are carried out (and their webhooks sent) but answered only on release
   * - release: true                 answer the held creates
   * - max_page_size: N              the largest page GET /v1/payments/payouts/{id} answers
   * - token_expires_in: seconds     the lifetime of tokens from now on
   */
  function control(body) {
    if (body.reset) {
      const mode = state.deliveryMode;
      for (const h of state.held) h.release();
      Object.assign(state, freshState(mode));
      for (const hook of webhookUrl ? [{ client_id: DEFAULT_APP.client_id, url: webhookUrl, id: 'WHLOCAL0001' }] : []) addWebhook(hook);
    }
    if (body.app) state.apps.set(String(body.app.client_id), String(body.app.client_secret));
    if (body.webhook) addWebhook(body.webhook);
    if (body.fail) state.faults.push({ route: body.fail.route ?? 'any', kind: String(body.fail.kind ?? '500'), remaining: Number(body.fail.times ?? 1) });
    if (body.insufficient_funds) state.faults.push({ route: 'insufficient_funds', kind: 'insufficient_funds', remaining: Number(body.insufficient_funds) });
    if (body.receivers) {
      for (const [email, status] of Object.entries(body.receivers)) {
        if (!FINAL_STATUSES.includes(status)) throw new Error(`unknown status ${status}`);
        state.receivers.set(email.toLowerCase(), status);
      }
    }
    if (body.settle) state.settle = body.settle;
    if (body.delivery) state.deliveryMode = body.delivery;
    if (body.duplicate_deliveries !== undefined) state.duplicateDeliveries = Boolean(body.duplicate_deliveries);
    if (body.max_page_size) state.maxPageSize = Number(body.max_page_size);
    if (body.token_expires_in) state.tokenExpiresIn = Number(body.token_expires_in);
    if (body.hold_answers !== undefined) state.holdAnswers = Boolean(body.hold_answers);
    if (body.settle_now) {
      for (const batch of state.batches.values()) if (body.settle_now === true || body.settle_now === batch.payout_batch_id) settleBatch(batch);
    }
    if (body.set_item) {
      const { receiver, payout_item_id: id, status } = body.set_item;
      for (const item of state.items.values()) {
        if (id ? item.payout_item_id === id : item.payout_item.receiver.toLowerCase() === String(receiver).toLowerCase()) {
          setItemStatus(state.batches.get(item.payout_batch_id).client_id, item, status);
        }
      }
    }
    if (body.release) {
      const held = state.held.splice(0);
      for (const h of held) h.release();
    }
    return report();
  }

  function addWebhook({ client_id: clientId, url, id, event_types: types }) {
    const hook = { id: id ?? pid('WH'), url: String(url), event_types: types ?? [{ name: '*' }] };
    state.webhooks.set(clientId, [...(state.webhooks.get(clientId) ?? []).filter((h) => h.id !== hook.id), hook]);
    return hook;
  }

  /** What a test asks about: payouts per receiver (count, total), calls per route, what is held or queued. */
  function report() {
    const receivers = {};
    for (const [who, list] of state.paid) {
      receivers[who] = { count: list.length, total: sumValues(list.map((p) => p.value), list[0].currency), currency: list[0].currency };
    }
    return {
      receivers, batches: state.batches.size, calls: state.calls, held: state.held.length, queued: state.queue.length,
      delivered: state.delivered.length,
    };
  }

  // ---------- HTTP ----------

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debugId(), ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const readBody = (req) => new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

  /** The app of a Bearer token, or null. */
  function bearer(req) {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = m && state.tokens.get(m[1]);
    if (!token || token.expires < Date.now()) return null;
    return token.client_id;
  }

  const authFailure = () => ({
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });

  async function route(req, res, url, text) {
    const { pathname } = url;
    const method = req.method;

    if (method === 'POST' && pathname === '/v1/oauth2/token') {
      const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const [id, secret] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
      if (!id || state.apps.get(id) !== secret) return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
      state.tokens.set(accessToken, { client_id: id, expires: Date.now() + state.tokenExpiresIn * 1000 });
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payouts https://uri.paypal.com/services/applications/webhooks',
        access_token: accessToken, token_type: 'Bearer', app_id: `APP-${id.slice(0, 8)}`, expires_in: state.tokenExpiresIn,
        nonce: `${nowIso()}${randomBytes(8).toString('hex')}`,
      });
    }

    const clientId = bearer(req);
    if (!clientId) return send(res, 401, authFailure());
    let body = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, ppError('MALFORMED_REQUEST', 'The request JSON is not well formed.'));
      }
    }

    if (method === 'POST' && pathname === '/v1/payments/payouts') {
      const requestId = req.headers['paypal-request-id'];
      const hash = createHash('sha256').update(text).digest('hex');
      const remembered = requestId && state.byRequestId.get(`${clientId}\u0000${requestId}`);
      if (remembered) {
        if (remembered.hash !== hash) {
          return send(res, 422, ppError('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.',
            [{ issue: 'DUPLICATE_REQUEST_ID', description: 'The PayPal-Request-Id header was used before with another request body.' }]));
        }
        return send(res, remembered.status, remembered.body);
      }
      const [status, answer, batch] = createPayout(clientId, body);
      if (requestId && status === 201) state.byRequestId.set(`${clientId}\u0000${requestId}`, { hash, status, body: answer });
      if (batch && state.settle === 'auto') {
        // PayPal processes a batch after answering; here the items settle at once, or before the answer is
        // released when answers are held (a webhook that arrives before the send's answer).
        if (state.holdAnswers) settleBatch(batch);
        else setImmediate(() => settleBatch(batch));
      }
      if (state.holdAnswers) {
        await new Promise((resolve) => state.held.push({ release: resolve }));
      }
      return send(res, status, answer);
    }

    let m = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && m) {
      const [status, answer] = showPayout(clientId, decodeURIComponent(m[1]), url.searchParams);
      return send(res, status, answer);
    }

    m = /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && m) {
      const item = state.items.get(decodeURIComponent(m[1]));
      if (!item || state.batches.get(item.payout_batch_id).client_id !== clientId) {
        return send(res, 404, ppError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.'));
      }
      return send(res, 200, itemView(item, true));
    }

    if (pathname === '/v1/notifications/webhooks') {
      if (method === 'GET') return send(res, 200, { webhooks: (state.webhooks.get(clientId) ?? []).map(({ id, url: u, event_types }) => ({ id, url: u, event_types })) });
      if (method === 'POST') {
        if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url) || !Array.isArray(body.event_types) || body.event_types.length === 0) {
          return send(res, 400, ppError('VALIDATION_ERROR', 'Invalid data provided', [{ field: 'url', issue: 'url and event_types are required' }]));
        }
        const hook = addWebhook({ client_id: clientId, url: body.url, event_types: body.event_types });
        return send(res, 201, { id: hook.id, url: hook.url, event_types: hook.event_types, links: [] });
      }
    }

    if (method === 'POST' && pathname === '/v1/notifications/verify-webhook-signature') {
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      const missing = required.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
      if (missing.length) {
        return send(res, 400, ppError('VALIDATION_ERROR', 'Invalid request - see details',
          missing.map((f) => ({ field: f, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' }))));
      }
      const sent = state.transmissions.get(body.transmission_id);
      const ownsHook = (state.webhooks.get(clientId) ?? []).some((h) => h.id === body.webhook_id);
      const same = sent && ownsHook && sent.webhook_id === body.webhook_id && sent.sig === body.transmission_sig &&
        sent.time === body.transmission_time && sameJson(JSON.parse(sent.event), body.webhook_event);
      return send(res, 200, { verification_status: same ? 'SUCCESS' : 'FAILURE' });
    }

    return send(res, 404, ppError('NOT_FOUND', 'The specified resource does not exist.'));
  }

  /** The route a fault names for a request. */
  const routeOf = (method, pathname) =>
    pathname === '/v1/oauth2/token' ? 'token'
      : method === 'POST' && pathname === '/v1/payments/payouts' ? 'payouts'
      : pathname.startsWith('/v1/payments/payouts/') ? 'batch'
      : pathname.startsWith('/v1/payments/payouts-item/') ? 'item'
      : pathname === '/v1/notifications/verify-webhook-signature' ? 'verify' : 'other';

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, base);
      const text = await readBody(req);
      if (url.pathname === '/__control' || url.pathname === '/__control/deliveries') {
        if (url.pathname === '/__control/deliveries') {
          // Queued webhooks, oldest first, handed over once (the caller delivers them).
          return send(res, 200, { deliveries: state.queue.splice(0) });
        }
        if (req.method === 'GET') return send(res, 200, report());
        return send(res, 200, control(text ? JSON.parse(text) : {}));
      }
      const name = routeOf(req.method, url.pathname);
      state.calls[name] = (state.calls[name] ?? 0) + 1;
      const fault = takeFault(name, ['timeout', 'hang', '500', '503']);
      if (fault?.kind === '500' || fault?.kind === '503') {
        const [code, err] = fault.kind === '500'
          ? [500, ppError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.')]
          : [503, ppError('SERVICE_UNAVAILABLE', 'Service Unavailable.')];
        return send(res, code, err);
      }
      if (fault?.kind === 'hang') {
        // Carried out as PayPal would, and answered never: the caller gives up first (the rail after 10 s).
        const swallow = { writeHead() {}, end() {} };
        await route(req, swallow, url, text);
        setTimeout(() => req.socket.destroy(), 30_000).unref();
        return;
      }
      if (fault?.kind === 'timeout') {
        // The request is carried out as PayPal would, and its answer never reaches the caller.
        const swallow = { writeHead() {}, end() {} };
        await route(req, swallow, url, text);
        req.socket.destroy();
        return;
      }
      await route(req, res, url, text);
    } catch (err) {
      if (log) console.error('[paypal]', err);
      if (!res.headersSent) send(res, 500, ppError('INTERNAL_SERVER_ERROR', String(err?.message ?? err)));
    }
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  base = `http://${host}:${address.port}`;
  if (webhookUrl) addWebhook({ client_id: DEFAULT_APP.client_id, url: webhookUrl, id: 'WHLOCAL0001' });

  return {
    url: base,
    port: address.port,
    state,
    control,
    server,
    close: () => new Promise((resolve) => {
      for (const h of state.held.splice(0)) h.release();
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** Deep equality of two JSON values (key order aside): the event verified is the event sent. */
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

function argOf(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(argOf('--port') ?? process.env.PAYPAL_STANDIN_PORT ?? 48790);
  const webhookUrl = argOf('--webhook-url');
  const pp = await startPayPal({ port, webhookUrl, log: true });
  console.log(`PayPal stand-in on ${pp.url}`);
  console.log(`  app: client_id ${DEFAULT_APP.client_id}  client_secret ${DEFAULT_APP.client_secret}`);
  if (webhookUrl) console.log(`  webhook WHLOCAL0001 -> ${webhookUrl}`);
  console.log(`  controls: POST ${pp.url}/__control (see the comment of control() in this file)`);
  const stop = () => pp.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
