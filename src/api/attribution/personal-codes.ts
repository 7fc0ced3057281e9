import { Hono } from 'hono';
import { personalCodeListSchema, personalCodeSchema } from '../../lib/schemas/attribution';
import { transitionSchema } from '../../lib/schemas/operator';
import { ApiError, fieldError } from '../core/errors';
import { batch, row as one, written } from '../core/named-batch';
import { parseWith } from '../core/validate';
import type { OperatorEnv } from '../core/operator-keys';
import { idempotent } from '../core/operator-idempotency';
import { readCsv } from '../people/operator-request';
import { jsonBody } from '../core/operator-request';
import { importPersonalCodes } from './personal-codes-import';
import {
  insertPersonalCodeStatement, personalCodeByUidStatement, personalCodeTakenStatement, personalCodesStatement, revokePersonalCodeStatement,
  type PersonalCodeRow,
} from './queries';

const view = (p: PersonalCodeRow) => ({
  uid: p.uid, code: p.code, ambassador_uid: p.ambassador_uid, campaign_uid: p.campaign_uid, created_at: p.created_at, revoked_at: p.revoked_at,
  is_active: p.revoked_at === null,
});

/**
 * /v1/operator/personal-codes (company key): an ambassador's discount codes per campaign. A sale whose Stripe
 * promotion code, Shopify discount code or sale-API clues name a live one is credited to them.
 */
export const personalCodes = new Hono<OperatorEnv>()
  // POST /v1/operator/personal-codes - give a member of a campaign a personal discount code
  .post('/personal-codes', async (c) => {
    const { text, input } = await jsonBody(c, personalCodeSchema);
    const company = c.var.operator.companyId;
    const db = c.env.DB;
    return idempotent(c, text, async () => {
      const { inserted, taken } = await batch(db, {
        inserted: one<{ uid: string }>(insertPersonalCodeStatement(db, company, input.ambassador_uid, input.campaign_uid, input.code)),
        taken: one<{ uid: string }>(personalCodeTakenStatement(db, company, input.code, input.ambassador_uid)),
      });
      if (!inserted) {
        if (taken) throw fieldError('code', 'This code is taken in your program (codes are compared whatever the case).');
        throw fieldError('ambassador_uid', 'No ambassador of this campaign has this uid.');
      }
      const created = await personalCodeByUidStatement(db, company, inserted.uid).first<PersonalCodeRow>();
      return { status: 201, body: { personal_code: view(created!) } };
    });
  })
  // POST /v1/operator/personal-codes/import - personal codes from a CSV file, with a per-row report
  .post('/personal-codes/import', async (c) => {
    const csv = await readCsv(c);
    return idempotent(c, csv, async () => ({ status: 200, body: await importPersonalCodes(c.env.DB, c.var.operator.companyId, csv) }));
  })
  // GET /v1/operator/personal-codes - the company's personal codes, newest first (ambassador_uid narrows)
  .get('/personal-codes', async (c) => {
    const input = parseWith(personalCodeListSchema, c.req.query());
    const { results } = await personalCodesStatement(c.env.DB, c.var.operator.companyId, input.ambassador_uid).all<PersonalCodeRow>();
    return c.json({ count: results.length, results: results.map(view) });
  })
  // POST /v1/operator/personal-codes/{uid}/revoke - stop a code crediting sales (it stays taken)
  .post('/personal-codes/:uid/revoke', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    const company = c.var.operator.companyId;
    const db = c.env.DB;
    return idempotent(c, text, async () => {
      // Revoking a revoked code answers it as it is.
      const { code } = await batch(db, {
        revoked: written(revokePersonalCodeStatement(db, company, c.req.param('uid'))),
        code: one<PersonalCodeRow>(personalCodeByUidStatement(db, company, c.req.param('uid'))),
      });
      if (!code) throw new ApiError('not_found', 'notFound');
      return { status: 200, body: { personal_code: view(code) } };
    });
  });
