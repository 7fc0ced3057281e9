// The PayPal stand-in (scripts/standins/paypal.mjs) as the worker tests drive it: vitest.config.ts starts it in
// Node on a free port and gives its URL to the Worker as PAYPAL_API_URL; its webhooks are queued, and a test
// delivers them to the portal when it wants them (late, early, twice, tampered with).
import { env } from 'cloudflare:workers';
import { edge } from './helpers';
import { op, readReply, type Reply } from './operator-fixtures';

export const paypalUrl = () => {
  const url = (env as { PAYPAL_API_URL?: string }).PAYPAL_API_URL;
  if (!url) throw new Error('PAYPAL_API_URL is not set: vitest.config.ts starts the stand-in');
  return url;
};

export interface StandInReport {
  receivers: Record<string, { count: number; total: string; currency: string }>;
  batches: number;
  held: number;
  queued: number;
}

/** POST /__control (see control() in the stand-in): faults, receivers' outcomes, holds, releases. */
export async function standIn(body: Record<string, unknown> = {}): Promise<StandInReport> {
  const res = await fetch(`${paypalUrl()}/__control`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`stand-in control: ${res.status} ${await res.text()}`);
  return res.json();
}

/** How many payouts the stand-in made to a receiver, and their total. */
export const paidTo = async (email: string) => (await standIn()).receivers[email.toLowerCase()] ?? { count: 0, total: '0.00' };

export interface Delivery {
  url: string;
  event_id: string;
  event_type: string;
  headers: Record<string, string>;
  body: string;
}

/** The webhooks the stand-in queued since the last call, oldest first. */
export async function queuedDeliveries(): Promise<Delivery[]> {
  const res = await fetch(`${paypalUrl()}/__control/deliveries`);
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries;
}

/** Delivers one webhook to the portal as PayPal would (its URL, its headers, its body). */
export async function deliver(d: Delivery, change: Partial<Pick<Delivery, 'headers' | 'body'>> = {}): Promise<Reply> {
  const res = await edge().fetch(d.url, { method: 'POST', headers: change.headers ?? d.headers, body: change.body ?? d.body });
  return readReply(res);
}

/** Delivers every queued webhook; their answers in order. */
export async function deliverAll(): Promise<{ delivery: Delivery; reply: Reply }[]> {
  const out = [];
  for (const delivery of await queuedDeliveries()) out.push({ delivery, reply: await deliver(delivery) });
  return out;
}

let apps = 0;

/**
 * A PayPal app of its own for the company (the stand-in learns its credentials), its webhook posting to the
 * company's hook URL, and the app set with PUT /v1/operator/integrations/paypal by the company's key.
 */
export async function connectPayPal(companyId: string, key: string, host: string) {
  const n = ++apps;
  const app = { client_id: `AaTest${companyId}${n}${Date.now().toString(36)}`, client_secret: `EeSecret-${n}-${crypto.randomUUID()}` };
  const webhookId = `WH${n}${Date.now().toString(36).toUpperCase()}`;
  await standIn({ app, webhook: { client_id: app.client_id, url: `http://${host}/v1/hooks/paypal/${companyId}`, id: webhookId } });
  const put = await op(key, 'PUT', '/integrations/paypal', { ...app, mode: 'sandbox', webhook_id: webhookId });
  if (put.status !== 200) throw new Error(`PUT /integrations/paypal: ${put.status} ${JSON.stringify(put.body)}`);
  return { ...app, webhookId };
}
