// Personal codes from a CSV file: POST /v1/operator/personal-codes/import with a company key and a
// report line per data row; good rows are written, bad ones named with their reason, nothing half-written;
// another company's ambassadors, campaigns and codes never match; header, size and row-limit errors; and a
// code registered under its Stripe promotion code id (docs/stripe.md) credits an event that carries only the id.
import { describe, expect, it } from 'vitest';
import { STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, sendStripe, stripeEvent } from './attribution-fixtures';
import { edge } from './helpers';
import { hostOfKey, KEYS, op, readReply, scalar } from './operator-fixtures';

async function importCodes(key: string, csv: string, headers: Record<string, string> = {}) {
  return readReply(await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/personal-codes/import`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv; charset=utf-8', ...headers }, body: csv,
  }));
}

const codesOf = (company: string) => scalar<string | null>(
  "SELECT group_concat(code, ',') FROM (SELECT code FROM personal_codes WHERE company_id = ? ORDER BY code)", company,
);

describe('POST /v1/operator/personal-codes/import', () => {
  it('creates the good rows and answers each row with its uid or its reasons', async () => {
    const csv = [
      'email,campaign_uid,code',
      'AVA@demo.test,cmp-demo-main,IMPORT-AVA-1',
      'ben@demo.test,cmp-demo-main,import_ben_1',
      '',
    ].join('\r\n');
    const res = await importCodes(KEYS.demo, `\uFEFF${csv}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, failed: 0 });
    expect(res.body.rows).toEqual([
      { row: 2, code: 'IMPORT-AVA-1', status: 'created', uid: expect.stringMatching(/^pc-/) },
      { row: 3, code: 'import_ben_1', status: 'created', uid: expect.stringMatching(/^pc-/) },
    ]);
    const listed = await op(KEYS.demo, 'GET', '/personal-codes?ambassador_uid=amb-ava');
    expect(listed.body.results).toContainEqual(expect.objectContaining({
      code: 'IMPORT-AVA-1', ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', is_active: true,
    }));
  });

  it('names ambassadors by uid too, and reports duplicates in the file and codes the company has, whatever the case', async () => {
    await op(KEYS.demo, 'POST', '/personal-codes', { ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-summer', code: 'TAKEN-ONE' });
    const res = await importCodes(KEYS.demo, [
      'ambassador_uid,campaign_uid,code,email',
      'amb-ava,cmp-demo-summer,dup-code,',
      'amb-ava,cmp-demo-vip,DUP-CODE,',
      'amb-ava,cmp-demo-vip,taken-one,',
      ',cmp-demo-vip,by-email-ok,ava@demo.test',
      'amb-ben,cmp-demo-main,mismatch-1,ava@demo.test',
    ].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, failed: 3 });
    const [first, second, third, fourth, fifth] = res.body.rows;
    expect(first).toMatchObject({ row: 2, status: 'created' });
    expect(second).toMatchObject({ row: 3, status: 'error', errors: { code: ['This code is already on row 2 of the file (codes are compared whatever the case).'] } });
    expect(third).toMatchObject({ row: 4, status: 'error', errors: { code: ['This code is taken in your program (codes are compared whatever the case).'] } });
    expect(fourth).toMatchObject({ row: 5, status: 'created' });
    expect(fifth.errors.ambassador_uid).toEqual(['The e-mail and the uid of this row name two different ambassadors.']);
    expect(await scalar("SELECT COUNT(*) FROM personal_codes WHERE company_id = 'demo' AND code IN ('dup-code', 'by-email-ok', 'mismatch-1')")).toBe(2);
  });

  it('refuses unknown ambassadors, campaigns and non-members, and another company\'s ambassadors, campaigns and codes', async () => {
    await op(KEYS.globex, 'POST', '/personal-codes', { ambassador_uid: 'amb-gus', campaign_uid: 'cmp-globex-main', code: 'GLOBEX-ONLY' });
    const res = await importCodes(KEYS.demo, [
      'email,ambassador_uid,campaign_uid,code',
      'nobody@demo.test,,cmp-demo-main,nobody-1',
      'gus@globex.test,,cmp-demo-main,gus-email-1',
      ',amb-gus,cmp-demo-main,gus-uid-1',
      'ava@demo.test,,cmp-globex-main,ava-globex-1',
      'nocampaign@demo.test,,cmp-demo-main,nora-1',
      'ava@demo.test,,cmp-demo-main,globex-only',
      'ava@demo.test,,cmp-demo-main,no',
    ].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, failed: 6 });
    const errors = res.body.rows.map((r: { errors?: unknown }) => r.errors);
    expect(errors).toEqual([
      { email: ['No ambassador of your program has this e-mail.'] },
      { email: ['No ambassador of your program has this e-mail.'] },
      { ambassador_uid: ['No ambassador of your program has this uid.'] },
      { campaign_uid: ['Your program has no campaign with this uid.'] },
      { campaign_uid: ['This ambassador is not a member of this campaign.'] },
      undefined,
      { code: ['A code of 3 to 64 letters, digits, - and _, as customers type it at checkout.'] },
    ]);
    // A code is unique per company: globex's GLOBEX-ONLY does not stop demo's, and demo wrote nothing else.
    expect(await codesOf('globex')).toBe('GLOBEX-ONLY');
    expect(await scalar("SELECT COUNT(*) FROM personal_codes WHERE company_id = 'demo' AND code IN ('nobody-1', 'gus-email-1', 'gus-uid-1', 'ava-globex-1', 'nora-1')")).toBe(0);
  });

  it('answers 400 naming the column for a bad header, and writes nothing', async () => {
    const unknown = await importCodes(KEYS.demo, 'email,campaign,code\nava@demo.test,cmp-demo-main,hdr-1\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.header).toContain('Unknown column "campaign" (known: email, ambassador_uid, campaign_uid, code).');
    const noAmbassador = await importCodes(KEYS.demo, 'campaign_uid,code\ncmp-demo-main,hdr-2\n');
    expect(noAmbassador.status).toBe(400);
    expect(noAmbassador.body.header).toEqual(['Name the ambassador with an "email" or an "ambassador_uid" column.']);
    const twice = await importCodes(KEYS.demo, 'email,code,campaign_uid,Code\n');
    expect(twice.body.header).toEqual(['The column "code" appears twice.']);
    expect((await importCodes(KEYS.demo, '')).status).toBe(400);
    expect(await scalar("SELECT COUNT(*) FROM personal_codes WHERE code LIKE 'hdr-%'")).toBe(0);
  });

  it('refuses a file past 1000 rows or 2 MB, and a body that is not CSV', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `ava@demo.test,cmp-demo-main,many-${i}`);
    const many = await importCodes(KEYS.demo, ['email,campaign_uid,code', ...rows].join('\n'));
    expect(many.status).toBe(413);
    expect(many.body.detail).toContain('at most 1000');
    const huge = await importCodes(KEYS.demo, `email,campaign_uid,code\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    const json = await importCodes(KEYS.demo, '{}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(await scalar("SELECT COUNT(*) FROM personal_codes WHERE code LIKE 'many-%'")).toBe(0);
  });

  it('needs a company key', async () => {
    const res = await importCodes('opk_nope', 'email,campaign_uid,code\n');
    expect(res.status).toBe(401);
  });
});

describe('a personal code under its Stripe promotion code id', () => {
  it('credits a checkout whose discount names only the promo_ id, beside the code customers type', async () => {
    await connectStores();
    const res = await importCodes(KEYS.demo, [
      'email,campaign_uid,code',
      'ava@demo.test,cmp-demo-main,AVA-SPRING',
      'ava@demo.test,cmp-demo-main,promo_1QaZ2wSx3EdC4rFv5TgB6yHn',
    ].join('\n'));
    expect(res.body).toMatchObject({ created: 2, failed: 0 });
    // Events sent without `expand` carry the promotion code as its id only.
    const session = checkoutSession({ discounts: [{ promotion_code: 'promo_1QaZ2wSx3EdC4rFv5TgB6yHn' }] });
    const reply = await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    expect(reply.body).toMatchObject({ received: true, result: 'created' });
    expect(await commissionOf('demo', session.payment_intent as string)).toMatchObject({ ambassador_uid: 'amb-ava', status: 'pending' });
  });
});
