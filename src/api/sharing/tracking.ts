import { Hono } from 'hono';
import { trackShareSchema } from '../../lib/schemas/share-link';
import { isoNow } from '../core/crypto';
import { insertShare } from './click-queries';
import { findShareLinkByCode } from './queries';
import { fieldError } from '../core/errors';
import { tokenAuth } from '../core/token-auth';
import { readJsonOrForm } from './share-links';
import type { ApiEnv } from '../core/types';
import { parseWith } from '../core/validate';

export const tracking = new Hono<ApiEnv>()
  // POST /v1/track/share/ - record that the caller copied or shared one of their links (channel `copy`, `email`, ...)
  .post('/track/share/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    const input = parseWith(trackShareSchema, await readJsonOrForm(c));
    const link = await findShareLinkByCode(c.env.DB, p.companyId, input.short_code);
    if (!link || link.ambassador_uid !== p.ambassadorUid) throw fieldError('short_code', 'Unknown share link.');
    await insertShare(c.env.DB, {
      companyId: p.companyId, ambassadorUid: p.ambassadorUid, campaignId: link.campaign_id, shareLinkUid: link.uid,
      socialName: input.social_name, recipientEmail: input.recipient_email ?? null,
      recipientUsername: input.recipient_username ?? null, now: isoNow(),
    });
    return c.json({ detail: 'Share recorded.' }, 201);
  });
