import { formatMoney } from '../../lib/format';
import { t } from '../../lib/i18n';
import { isScheduledDay } from '../../lib/payout-schedule';
import { emailLanguageOf, linkOrigin } from '../auth/codes';
import { findCompany } from '../companies/queries';
import { loadCustomization } from '../companies/customization';
import { isoNow } from '../core/crypto';
import { ApiError } from '../core/errors';
import { batch, written } from '../core/named-batch';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { emailGreeting, outboxSender } from '../email/outbox';
import { createRun } from './runs';
import {
  claimDayStatement, claimRunStatement, financeStaffStatement, releaseDayStatement, scheduledCompaniesStatement, type ScheduledCompanyRow,
} from './schedule-queries';

// The payout schedule (customization `payouts.schedule`, docs/payouts.md): on the scheduled day (UTC) the
// hourly run drafts a payout run through createRun, as a person would, and e-mails the company's finance
// staff and owners to approve and send it. The day is claimed by one INSERT first, so however many ticks run
// that day (or at once) only one draft is made; a day with nobody ready keeps its claim and drafts nothing.

/** The schedule acting as the company's operator: a draft made by nobody, so anyone with the role approves it. */
const scheduleOperator = (company: ScheduledCompanyRow): Operator => ({
  companyId: company.id, currency: company.currency, actor: { kind: 'schedule', id: 'schedule', label: 'Payout schedule' },
});

export interface ScheduleSummary {
  drafted: number;
  nobodyReady: number;
}

/** The hourly tick: each company whose scheduled day is `now`'s gets its draft, once. `companyId` limits it to one. */
export async function runPayoutSchedules(svc: ServiceContext, now = new Date(), companyId: string | null = null): Promise<ScheduleSummary> {
  const summary: ScheduleSummary = { drafted: 0, nobodyReady: 0 };
  const { results } = await scheduledCompaniesStatement(svc.db, companyId).all<ScheduledCompanyRow>();
  const day = now.toISOString().slice(0, 10);
  for (const company of results) {
    const custom = await loadCustomization(svc.db, company.id);
    if (!isScheduledDay(custom.company.payouts.schedule, now)) continue;
    const { claimed } = await batch(svc.db, { claimed: written(claimDayStatement(svc.db, company.id, day, isoNow())) });
    if (!claimed) continue;
    let runUid: string;
    let total: number;
    let included: number;
    try {
      const { run } = await createRun({ ...svc, tenantCompanyId: company.id }, scheduleOperator(company));
      ({ uid: runUid, total, included } = run);
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'payoutRunNobodyReady') {
        summary.nobodyReady++;
        continue;
      }
      // Anything else may pass (a D1 hiccup): the day is given back for the next tick.
      await releaseDayStatement(svc.db, company.id, day).run();
      throw err;
    }
    await claimRunStatement(svc.db, company.id, day, runUid).run();
    summary.drafted++;
    await tellFinance(svc, company, { runUid, total, included });
  }
  return summary;
}

/** E-mails the company's finance staff and owners that a scheduled draft waits for them, in the company's language. */
async function tellFinance(svc: ServiceContext, row: ScheduledCompanyRow, run: { runUid: string; total: number; included: number }) {
  const [company, lang, { results: staff }] = await Promise.all([
    findCompany(svc.db, row.id), emailLanguageOf(svc.db, row.id, null), financeStaffStatement(svc.db, row.id).all<{ email: string; name: string }>(),
  ]);
  if (!company || staff.length === 0) return;
  const link = `${await linkOrigin(svc, company)}/console/payouts`;
  const params = { company: company.name, amount: formatMoney(run.total, row.currency, lang), count: run.included, link };
  const sender = outboxSender(svc.db, svc);
  for (const person of staff) {
    await sender.send({
      companyId: row.id, to: person.email, template: 'payout_run_scheduled',
      subject: t(lang, 'console.payoutSchedule.emailSubject', params),
      text: `${emailGreeting(lang, person.name || null)}\n\n${t(lang, 'console.payoutSchedule.emailBody', params)}`,
    });
  }
}
