import { batch, row as one, write } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import type { ConversionRows } from '../money/commissions';
import type { loadCustomization } from '../portal/customization';
import { clickClientHash } from '../sharing/redirects';
import { holdReasonOf, OWN_CLIENT_DAYS } from './fraud-rules';
import { ambassadorEmailStatement, forgetAmbassadorClientsStatement, ownClickStatement, rememberAmbassadorClientStatement } from './queries';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** What the rules look at besides the ambassador: the customer's e-mail and the click the sale came through. */
export interface HoldInput {
  ambassadorUid: string;
  customerEmail: string | null | undefined;
  /** The click id (`mbsy_cid`) that credited the sale, when a click did. */
  clickUid: string | null | undefined;
  now: string;
}

/**
 * The hold of a conversion about to be recorded (ConversionRows['hold']): the first of own_email, own_click,
 * disposable_email it breaks, and the company's rate limit for the SQL to apply
 * (customization `fraud.max_conversions_per_hour`, from the caller's one read of the settings).
 */
export async function holdFor(
  svc: Pick<ServiceContext, 'db'>, companyId: string, h: HoldInput, settings: ReturnType<typeof loadCustomization>,
): Promise<NonNullable<ConversionRows['hold']>> {
  const { db } = svc;
  const nowMs = Date.parse(h.now);
  const since = new Date(nowMs - OWN_CLIENT_DAYS * DAY_MS).toISOString();
  const [custom, found] = await Promise.all([
    settings,
    batch(db, {
      ambassador: one<{ email: string; paypal_email: string | null; dwolla_email: string | null }>(
        ambassadorEmailStatement(db, companyId, h.ambassadorUid),
      ),
      click: one<{ own: number }>(ownClickStatement(db, companyId, h.ambassadorUid, h.clickUid ?? '', since)),
    }),
  ]);
  const { email, paypal_email: paypal, dwolla_email: dwolla } = found.ambassador ?? {};
  const reason = holdReasonOf({ customerEmail: h.customerEmail, ambassadorEmails: [email, paypal, dwolla], ownClick: found.click?.own === 1 });
  return { reason, maxPerHour: custom.company.fraud.max_conversions_per_hour, since: new Date(nowMs - HOUR_MS).toISOString() };
}

/**
 * Remembers the client an ambassador just logged in from, hashed as a click's client is (the salted hash of IP
 * address and user agent, src/api/sharing/redirects.ts), so that a sale through a click from it is held
 * (own_click); the clients not seen for OWN_CLIENT_DAYS are forgotten. Without a client address nothing is remembered.
 */
export async function rememberAmbassadorClient(svc: ServiceContext, companyId: string, ambassadorUid: string): Promise<void> {
  if (!svc.clientIp) return;
  const nowMs = Date.now();
  await batch(svc.db, {
    remember: write(rememberAmbassadorClientStatement(svc.db, companyId, ambassadorUid, await clickClientHash(svc), new Date(nowMs).toISOString())),
    forget: write(forgetAmbassadorClientsStatement(svc.db, companyId, ambassadorUid, new Date(nowMs - OWN_CLIENT_DAYS * DAY_MS).toISOString())),
  });
}
