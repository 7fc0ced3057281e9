import { randomToken } from '../core/crypto';

/**
 * Fulfilment: who turns a held redemption into the thing the ambassador receives (a gift card code, a
 * voucher, a prepaid card, a shipped item). The redemption's hold is posted when the provider issues,
 * voided (the funds come back) when it refuses; when it cannot tell (timeout, network), the hold stays
 * pending and the scheduled run settles it later (src/api/loyalty/scheduled.ts).
 */
export interface FulfilmentOrder {
  companyId: string;
  redemptionId: number;
  /** The hold's id: a real provider's external reference, so a retried order is never issued twice. */
  externalRef: string;
  rewardUid: string | null;
  variantUid: string | null;
  /** Provider catalogue id (reward config `utid`), when the reward has one. */
  utid: string | null;
  name: string;
  /** What the ambassador receives: a code, a balance, or a quantity (a shipped item, cash to PayPal). */
  fieldKind: 'code' | 'balance' | 'quantity';
  valueMinor: number | null;
  currency: string;
  recipient: { email: string; firstName: string; lastName: string };
}

/** Gift card details of spec §3 (null where the reward has none). */
export interface IssuedDetails {
  card_name: string;
  card_number: string | null;
  card_pin: string | null;
  card_code: string | null;
  redemption_url: string | null;
  security_url: string | null;
  security_code: string | null;
  order_id: string;
}

export type FulfilmentResult =
  | { status: 'issued'; details: IssuedDetails }
  /** A definite refusal: the hold is voided and the person sees `reason` (a message key). */
  | { status: 'failed'; reason: string };

export interface FulfilmentProvider {
  readonly name: string;
  issue(order: FulfilmentOrder): Promise<FulfilmentResult>;
  /**
   * What became of an order whose outcome was unknown (asked before a stale hold is voided): issued, or
   * null when the provider has no such order (then the hold is voided). Throwing keeps the hold pending.
   */
  lookup?(order: Pick<FulfilmentOrder, 'companyId' | 'redemptionId' | 'externalRef' | 'name'>): Promise<FulfilmentResult | null>;
}

const blankDetails = (name: string, orderId: string): IssuedDetails => ({
  card_name: name, card_number: null, card_pin: null, card_code: null, redemption_url: null, security_url: null, security_code: null, order_id: orderId,
});

/**
 * The local provider: codes from the company's seeded pool (table reward_codes), one per redemption
 * (the UPDATE claims a free code and the UNIQUE redemption_id keeps it that redemption's); a reward
 * that hands out no code (a shipped item, cash) gets an order number. An empty pool is a refusal.
 */
export function localProvider(db: D1Database): FulfilmentProvider {
  return {
    name: 'local',
    async issue(order) {
      const orderId = `LOC-${order.redemptionId}-${randomToken(4).slice(0, 6).toUpperCase()}`;
      if (order.fieldKind === 'quantity') return { status: 'issued', details: blankDetails(order.name, orderId) };
      const code = await db
        .prepare(
          `UPDATE reward_codes SET redemption_id = ?1
            WHERE id = (SELECT id FROM reward_codes WHERE company_id = ?2 AND redemption_id IS NULL
                           AND ((?3 IS NOT NULL AND reward_uid = ?3) OR (?4 IS NOT NULL AND variant_uid = ?4))
                         ORDER BY id LIMIT 1)
           RETURNING card_number, card_code, card_pin, redemption_url, security_url, security_code`,
        )
        .bind(order.redemptionId, order.companyId, order.rewardUid, order.variantUid)
        .first<Omit<IssuedDetails, 'card_name' | 'order_id'>>();
      if (!code) return { status: 'failed', reason: 'rewardUnavailable' };
      return { status: 'issued', details: { ...blankDetails(order.name, orderId), ...code } };
    },
    async lookup(order) {
      // A code already claimed for the redemption was issued (the answer was lost on the way back).
      const code = await db
        .prepare('SELECT card_number, card_code, card_pin, redemption_url, security_url, security_code FROM reward_codes WHERE company_id = ? AND redemption_id = ?')
        .bind(order.companyId, order.redemptionId)
        .first<Omit<IssuedDetails, 'card_name' | 'order_id'>>();
      return code ? { status: 'issued', details: { ...blankDetails(order.name, `LOC-${order.redemptionId}`), ...code } } : null;
    },
  };
}

export interface TangoOptions {
  baseUrl: string;
  platformName: string;
  platformKey: string;
  accountIdentifier: string;
  customerIdentifier: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A Tango Card RaaS-style provider (POST {base}/orders, Basic auth). The hold id is the order's
 * externalRefID, so Tango refuses a second order for the same hold. A 4xx is a refusal (voided hold);
 * a 5xx, a timeout or a network error throws (unknown: the hold stays pending for the scheduled run).
 */
export function tangoProvider(o: TangoOptions): FulfilmentProvider {
  const send = o.fetch ?? fetch;
  return {
    name: 'tango',
    async issue(order) {
      if (!order.utid || order.valueMinor === null) return { status: 'failed', reason: 'rewardUnavailable' };
      const res = await send(new Request(`${o.baseUrl.replace(/\/$/, '')}/orders`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${o.platformName}:${o.platformKey}`)}`,
          'content-type': 'application/json', accept: 'application/json',
        },
        body: JSON.stringify({
          accountIdentifier: o.accountIdentifier, customerIdentifier: o.customerIdentifier, utid: order.utid,
          amount: order.valueMinor / 100, externalRefID: order.externalRef, sendEmail: false,
          recipient: order.recipient,
        }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      }));
      if (res.status >= 500) throw new Error(`tango: ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as {
        referenceOrderID?: string;
        reward?: { credentials?: Record<string, string>; credentialList?: { label: string; value: string; type?: string }[]; redemptionInstructions?: string };
        message?: string;
      };
      if (!res.ok) return { status: 'failed', reason: 'rewardUnavailable' };
      const c = body.reward?.credentials ?? {};
      const find = (...labels: string[]) => {
        for (const l of labels) if (c[l]) return c[l];
        return body.reward?.credentialList?.find((x) => labels.some((l) => x.label.toLowerCase() === l.toLowerCase()))?.value ?? null;
      };
      return {
        status: 'issued',
        details: {
          card_name: order.name,
          card_number: find('Card Number', 'cardNumber'),
          card_pin: find('PIN', 'Pin', 'pin'),
          card_code: find('Claim Code', 'Code', 'claimCode', 'Redemption Code'),
          redemption_url: find('Redemption URL', 'Redemption Link', 'url'),
          security_url: find('Security URL'),
          security_code: find('Security Code'),
          order_id: body.referenceOrderID ?? order.externalRef,
        },
      };
    },
    async lookup(order) {
      const res = await send(new Request(`${o.baseUrl.replace(/\/$/, '')}/orders?externalRefID=${encodeURIComponent(order.externalRef)}`, {
        headers: { authorization: `Basic ${btoa(`${o.platformName}:${o.platformKey}`)}`, accept: 'application/json' },
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      }));
      if (!res.ok) throw new Error(`tango lookup: ${res.status}`);
      const body = (await res.json()) as { orders?: { referenceOrderID: string; status?: string }[] };
      const found = body.orders?.find((x) => (x.status ?? 'COMPLETE').toUpperCase() === 'COMPLETE');
      return found ? { status: 'issued', details: { ...blankDetails(order.name, found.referenceOrderID) } } : null;
    },
  };
}

/**
 * The provider this deployment uses: REWARDS_PROVIDER=tango with the TANGO_* secrets, else the local
 * pool. Tests and a deployment may hand in their own (EdgeOptions / the service context).
 */
export function providerFor(env: Partial<Record<string, unknown>>, db: D1Database): FulfilmentProvider {
  const v = (k: string) => (typeof env[k] === 'string' ? (env[k] as string) : '');
  if (v('REWARDS_PROVIDER') === 'tango') {
    return tangoProvider({
      baseUrl: v('TANGO_BASE_URL') || 'https://integration-api.tangocard.com/raas/v2',
      platformName: v('TANGO_PLATFORM_NAME'), platformKey: v('TANGO_PLATFORM_KEY'),
      accountIdentifier: v('TANGO_ACCOUNT_IDENTIFIER'), customerIdentifier: v('TANGO_CUSTOMER_IDENTIFIER'),
    });
  }
  // A drill: every order refused (the funds come back), to see the failure path locally.
  if (v('REWARDS_PROVIDER') === 'refuse') return { name: 'refuse', issue: async () => ({ status: 'failed', reason: 'rewardUnavailable' }) };
  return localProvider(db);
}

/** A provider a test (or a fault drill) installs instead: see `setFulfilmentProvider`. */
let override: ((db: D1Database) => FulfilmentProvider) | null = null;
export function setFulfilmentProvider(factory: ((db: D1Database) => FulfilmentProvider) | null) {
  override = factory;
}
export const fulfilmentProvider = (env: Partial<Record<string, unknown>>, db: D1Database) => (override ? override(db) : providerFor(env, db));
