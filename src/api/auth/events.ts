import type { ServiceContext } from '../core/types';
import { guardedEvent, webhookEvent } from '../webhooks/events';
import { registeredAmbassador } from './queries';

/**
 * `ambassador.registered` of a person who registered (`source: "registration"`); the operator API emits the
 * same data shape for the ambassadors it creates (src/api/people/accounts.ts, `operator`/`import`).
 */
export async function ambassadorRegistered(
  svc: ServiceContext, companyId: string, ambassadorUid: string, source: 'registration' | 'operator' | 'import',
): Promise<void> {
  await guardedEvent('ambassador', async () => {
    const { ambassador, campaigns } = await registeredAmbassador(svc.db, companyId, ambassadorUid);
    if (!ambassador) return;
    const campaignUids = campaigns.map((c) => c.uid);
    await webhookEvent(svc, companyId, 'ambassador.registered', { ...ambassador, campaign_uids: campaignUids, source });
  });
}
