import { batch, row as one, write } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import type { ConversionRows } from '../money/commissions';
import type { loadCustomization } from '../companies/customization';
import { clientSignals } from '../core/client-signals';
import { holdReasonOf, OWN_CLIENT_DAYS } from './fraud-rules';
import { ambassadorEmailStatement, forgetAmbassadorClientsStatement, ownClickSignalsStatement, rememberAmbassadorClientStatement } from './fraud-hold-queries';
import type { OwnSignal } from '../money/rows';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** What the rules look at besides the ambassador: the customer's e-mail addresses and the clicks the sale came with. */
export interface HoldInput {
  ambassadorUid: string;
  /** The sale's customer e-mail, and the lead's when the customer came through a lead. */
  customerEmails: readonly (string | null | undefined)[];
  /**
   * The verified click ids the sale carried (whichever clue credited it) and its lead's click: the own-click
   * rule compares their visitors with the ambassador's own logins.
   */
  clickUids: readonly string[];
  now: string;
}

/**
 * The hold of a conversion about to be recorded (ConversionRows['hold']): the first of own_email, own_click,
 * disposable_email it breaks (own_click with the signals it saw), and the company's rate limit for the SQL
 * to apply (customization `fraud.max_conversions_per_hour`, from the caller's one read of the settings).
 * The same rules whichever clue credited the sale: a click id, a share or personal code, or a lead.
 */
export async function holdFor(
  svc: Pick<ServiceContext, 'db'>, companyId: string, h: HoldInput, settings: ReturnType<typeof loadCustomization>,
): Promise<NonNullable<ConversionRows['hold']>> {
  const { db } = svc;
  const nowMs = Date.parse(h.now);
  const since = new Date(nowMs - OWN_CLIENT_DAYS * DAY_MS).toISOString();
  const clicks = [...new Set(h.clickUids)].slice(0, 5);
  const [custom, found] = await Promise.all([
    settings,
    batch(db, {
      ambassador: one<{ email: string; paypal_email: string | null; dwolla_email: string | null }>(
        ambassadorEmailStatement(db, companyId, h.ambassadorUid),
      ),
      own: one<{ ip: number; device: number; client: number }>(ownClickSignalsStatement(db, companyId, h.ambassadorUid, clicks, since)),
    }),
  ]);
  const { email, paypal_email: paypal, dwolla_email: dwolla } = found.ambassador ?? {};
  const { own } = found;
  const ownSignals: OwnSignal[] = [];
  if (own?.ip || own?.client) ownSignals.push('ip');
  if (own?.device || own?.client) ownSignals.push('device');
  const reason = holdReasonOf({ customerEmails: h.customerEmails, ambassadorEmails: [email, paypal, dwolla], ownSignals });
  return {
    reason, signals: reason === 'own_click' ? ownSignals.join(' ') : null,
    maxPerHour: custom.company.fraud.max_conversions_per_hour, since: new Date(nowMs - HOUR_MS).toISOString(),
  };
}

/**
 * Remembers the client an ambassador just logged in from, each signal on its own (./fraud-hold-queries.ts): the salted
 * hash of its address, of its device id (the edge's cookie), and of address and user agent together, as a
 * click stores them (src/api/sharing/redirects.ts clientSignals), so that a sale through a click from their
 * network or their browser is held (own_click); the clients not seen for OWN_CLIENT_DAYS are forgotten.
 */
export async function rememberAmbassadorClient(svc: ServiceContext, companyId: string, ambassadorUid: string): Promise<void> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const { clientHash, ipHash, deviceHash } = await clientSignals(svc);
  if (!ipHash && !deviceHash) return;
  const remember = (kind: 'client' | 'ip' | 'device', hash: string) =>
    write(rememberAmbassadorClientStatement(svc.db, companyId, ambassadorUid, kind, hash, now));
  await batch(svc.db, {
    // The combined hash only with an address: without one it would stand for the user agent alone.
    ...(ipHash ? { client: remember('client', clientHash), ip: remember('ip', ipHash) } : {}),
    ...(deviceHash ? { device: remember('device', deviceHash) } : {}),
    forget: write(forgetAmbassadorClientsStatement(svc.db, companyId, ambassadorUid, new Date(nowMs - OWN_CLIENT_DAYS * DAY_MS).toISOString())),
  });
}
