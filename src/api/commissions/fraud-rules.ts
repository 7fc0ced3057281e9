// The list is the community-kept blocklist of github.com/disposable-email-domains/disposable-email-domains,
// published with a Set-friendly JSON file by this package (CC0). Imported as JSON: one parse per isolate.
import blocklist from 'disposable-email-domains-js/dist/dict/disposable_email_blocklist.json';
import type { HoldReason, OwnSignal } from '../money/rows';

/**
 * Fraud holds: which conversions are held for review, and why. The rules that need only the sale
 * and the ambassador live here; the click rule is a query (ambassador_clients, migration 0022) and the rate
 * rule is SQL inside the commission's own INSERT (src/api/money/commission-queries.ts), so that racing
 * conversions cannot both slip under the limit.
 */

/** How long a client an ambassador logged in from counts as theirs (own_click). */
export const OWN_CLIENT_DAYS = 90;

/**
 * Mailbox providers that deliver `name+tag@` to `name@` (and, for Gmail, ignore dots in the name). The
 * domains of one provider are one mailbox: `first.last+x@googlemail.com` is `firstlast@gmail.com`.
 * Yahoo's disposable addresses use `-` (`name-tag@yahoo.com`). Any other domain is compared as written
 * (lower case): a company's own server may well treat `a.b` and `ab` as two people.
 */
const PROVIDERS: readonly { domains: readonly string[]; canonical: string; dots: boolean; tag: '+' | '-' }[] = [
  { domains: ['gmail.com', 'googlemail.com'], canonical: 'gmail.com', dots: true, tag: '+' },
  { domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'], canonical: 'outlook.com', dots: false, tag: '+' },
  { domains: ['icloud.com', 'me.com', 'mac.com'], canonical: 'icloud.com', dots: false, tag: '+' },
  { domains: ['yahoo.com', 'ymail.com', 'rocketmail.com'], canonical: 'yahoo.com', dots: false, tag: '-' },
  { domains: ['fastmail.com', 'fastmail.fm'], canonical: 'fastmail.com', dots: false, tag: '+' },
  { domains: ['proton.me', 'protonmail.com', 'pm.me'], canonical: 'proton.me', dots: false, tag: '+' },
];
const PROVIDER_OF = new Map(PROVIDERS.flatMap((p) => p.domains.map((d) => [d, p] as const)));

/** The mailbox an address delivers to: lower case, and a known provider's dots and tags dropped. '' when not an address. */
export function mailboxOf(email: string | null | undefined): string {
  const value = (email ?? '').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return '';
  let local = value.slice(0, at);
  const domain = value.slice(at + 1).replace(/\.$/, '');
  const provider = PROVIDER_OF.get(domain);
  if (!provider) return `${local}@${domain}`;
  const tag = local.indexOf(provider.tag);
  if (tag > 0) local = local.slice(0, tag);
  if (provider.dots) local = local.replaceAll('.', '');
  return `${local}@${provider.canonical}`;
}

let disposable: ReadonlySet<string> | undefined;

/** Whether the address's domain, or a domain it is under (`x.mailinator.com`), is on the disposable list. */
export function isDisposableEmail(email: string | null | undefined): boolean {
  disposable ??= new Set(blocklist as string[]);
  const value = (email ?? '').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const labels = value.slice(at + 1).replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** What a conversion is checked against. */
export interface HoldFacts {
  /** Every address the customer is known by: the sale's, and the lead's when a lead named them first. */
  customerEmails: readonly (string | null | undefined)[];
  /** The e-mail addresses the ambassador is known by (the account's, the payout ones). */
  ambassadorEmails: readonly (string | null | undefined)[];
  /**
   * What the sale's click (or its lead's click) shares with a client the ambassador logged in from: their
   * network (`ip`), their browser (`device`). Each alone is enough to hold.
   */
  ownSignals: readonly OwnSignal[];
}

/** The first rule a conversion breaks, in this order, or null (the rate rule is decided in SQL, after these). */
export function holdReasonOf(f: HoldFacts): Exclude<HoldReason, 'velocity'> | null {
  const own = new Set(f.ambassadorEmails.map(mailboxOf).filter(Boolean));
  if (f.customerEmails.some((e) => own.has(mailboxOf(e)))) return 'own_email';
  if (f.ownSignals.length > 0) return 'own_click';
  if (f.customerEmails.some(isDisposableEmail)) return 'disposable_email';
  return null;
}
