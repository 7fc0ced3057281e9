// The rewards ledger's rows, written as text on the server: the row a person reads in their
// language, every value a company or ambassador wrote escaped, empty cells marked for the phone layout.
import { describe, expect, it } from 'vitest';
import { ledgerRowsHtml, type LedgerRow } from '../../src/ui/rewards/rewards-ledger-markup';

const HOSTILE = `"><script>alert(1)</script>&'`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;';
const labels = { date: 'Date', description: 'Description', campaign: 'Campaign', amount: 'Amount', status: 'Status', redeemed: 'Redeemed', expires: 'Expires' };

const row = (over: Partial<LedgerRow> = {}) => ({
  id: 7, created_at: '2026-11-13T10:00:00Z', description: 'Referral: Theo Dubois', referred_full_name: 'Theo Dubois', referred_email: 'theo@example.com',
  task_name: null, campaign_name: 'Trail Crew', kind: 'points', amount: 50, redeemed_amount: 10, status: 'recorded', expire_at: '2027-11-14T00:00:00Z',
  ...over,
}) as LedgerRow;

describe('rewards ledger rows', () => {
  it('writes one row per earning: date, description in the page language with who it came from, campaign, amounts, status, expiry', () => {
    const html = ledgerRowsHtml([row()], { lang: 'en', pointName: 'Acme Coins', currency: 'USD', labels });
    expect(html).toBe('<tr data-ledger-row="7"><td data-label="Date" class="t-date">Nov 13, 2026</td>'
      + '<td data-label="Description" class="t-string"><div>Referral: Theo Dubois<div class="muted-small">theo<wbr>@example.com</div></div></td>'
      + '<td data-label="Campaign">Trail Crew</td><td data-label="Amount" class="t-money">50 Acme Coins</td>'
      + '<td data-label="Status"><span class="status-badge tone-neutral">Recorded</span></td>'
      + '<td data-label="Redeemed" class="t-money">10 Acme Coins</td><td data-label="Expires" class="t-date">Nov 14, 2027</td></tr>');
  });

  it('marks an empty campaign and expiry, and writes cash as money in the page language', () => {
    const html = ledgerRowsHtml([row({ campaign_name: null, expire_at: null, kind: 'cash', amount: 1250, redeemed_amount: 0 })], { lang: 'fr', pointName: null, currency: 'EUR', labels });
    expect(html).toContain('<td data-label="Campaign" data-empty></td>');
    expect(html).toContain('<td data-label="Expires" class="t-date" data-empty></td>');
    expect(html).toMatch(/class="t-money">12,50\s€<\/td>/);
    expect(html).toContain('13 nov. 2026');
  });

  it('names who the earning came from once, and lets the e-mail wrap only before its "@" (a phone card)', () => {
    const other = ledgerRowsHtml([row({ description: 'Welcome bonus', referred_full_name: 'Ana <b>Ruiz</b>', referred_email: 'ana.ruiz@example.com' })],
      { lang: 'en', pointName: null, currency: 'USD', labels });
    expect(other).toContain('<div class="muted-small">Ana &lt;b&gt;Ruiz&lt;/b&gt; · ana.ruiz<wbr>@example.com</div>');
    const same = ledgerRowsHtml([row()], { lang: 'en', pointName: null, currency: 'USD', labels });
    expect(same.match(/Theo Dubois/g)).toHaveLength(1);
  });

  it('escapes the names, the description, the campaign and the labels', () => {
    const html = ledgerRowsHtml([row({ description: HOSTILE, referred_full_name: HOSTILE, referred_email: HOSTILE, campaign_name: HOSTILE })],
      { lang: 'en', pointName: HOSTILE, currency: 'USD', labels: { ...labels, date: HOSTILE } });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(html).toContain(`data-label="${ESCAPED}"`);
    expect(html).toContain(`<td data-label="Campaign">${ESCAPED}</td>`);
  });
});
