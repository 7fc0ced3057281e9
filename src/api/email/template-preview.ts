import type { EmailPreview, EmailTemplateList, EmailTestSent } from '../../lib/schemas/email';
import { normalizeLanguage } from '../../lib/languages';
import type { Language } from '../../lib/i18n';
import { loadCustomization } from '../companies/customization';
import { listLanguages } from '../companies/queries';
import { ApiError } from '../core/errors';
import type { Actor } from '../core/operator-keys';
import { enforce } from '../core/rate-limit';
import type { ServiceContext } from '../core/types';
import { outboxSender } from './outbox';
import { companyForEmailStatement, staffEmailStatement } from './queries';
import { EMAIL_KINDS, sampleEmail, type EmailKind } from './templates';

// The console's e-mail screen: each e-mail the portal writes, composed by the same functions as the real one
// (./templates.ts) with sample data, in any of the company's languages; and a test send of it, through the
// outbox and the provider like every e-mail, to the signed-in staff member's own address only.

/** Test e-mails per staff member: enough to check each e-mail in a few languages, not a way to mail in bulk. */
export const TEST_SEND_LIMIT = { limit: 10, windowSec: 600 };

/** The company's languages the catalogue can write, its default first. */
async function companyLanguages(db: D1Database, companyId: string): Promise<Language[]> {
  const [customization, rows] = await Promise.all([loadCustomization(db, companyId), listLanguages(db, companyId)]);
  const first = normalizeLanguage(customization.company.default_language) ?? 'en';
  const rest = rows.filter((r) => r.status === 'active').map((r) => normalizeLanguage(r.code)).filter((l): l is Language => !!l);
  return [...new Set([first, ...rest])];
}

const kindOf = (kind: string): EmailKind => {
  if (!(EMAIL_KINDS as readonly string[]).includes(kind)) throw new ApiError('not_found', 'notFound');
  return kind as EmailKind;
};

async function compose(svc: ServiceContext, companyId: string, kind: string, lang: string | undefined) {
  const k = kindOf(kind);
  const [languages, company] = await Promise.all([
    companyLanguages(svc.db, companyId),
    companyForEmailStatement(svc.db, companyId).first<{ name: string; point_name: string | null }>(),
  ]);
  if (!company) throw new ApiError('not_found', 'invalidCompany');
  const asked = normalizeLanguage(lang);
  const written = asked && languages.includes(asked) ? asked : languages[0]!;
  const mail = sampleEmail(written, k, { name: company.name, origin: svc.origin, pointName: company.point_name });
  return { kind: k, lang: written, from_name: company.name, ...mail };
}

/** GET /v1/operator/email/templates - every e-mail the portal writes, with its subject in the default language. */
export async function listEmailTemplates(svc: ServiceContext, companyId: string): Promise<EmailTemplateList> {
  const languages = await companyLanguages(svc.db, companyId);
  const results = await Promise.all(EMAIL_KINDS.map(async (kind) => ({ kind, subject: (await compose(svc, companyId, kind, languages[0])).subject })));
  return { languages, default_language: languages[0]!, results };
}

/** GET /v1/operator/email/templates/{kind}/preview?lang= - one e-mail as an ambassador would get it, with sample data. */
export async function previewEmailTemplate(svc: ServiceContext, companyId: string, kind: string, lang?: string): Promise<EmailPreview> {
  return compose(svc, companyId, kind, lang);
}

/**
 * POST /v1/operator/email/templates/{kind}/test - the preview sent to the staff member who asks, through the outbox
 * (delivered as every e-mail is; locally it stays in the dev outbox). A key has no address of its own: 400.
 */
export async function sendTestEmail(svc: ServiceContext, companyId: string, actor: Actor, kind: string, lang?: string): Promise<EmailTestSent> {
  if (actor.kind !== 'staff') {
    throw new ApiError('bad_request', 'A test e-mail goes to the signed-in staff member’s own address: send it from the console.');
  }
  const to = await staffEmailStatement(svc.db, companyId, actor.id).first<string>('email');
  if (!to) throw new ApiError('not_found', 'notFound');
  const mail = await compose(svc, companyId, kind, lang);
  await enforce(svc.db, [{ key: `email-test:${companyId}:${actor.id}`, ...TEST_SEND_LIMIT }]);
  await outboxSender(svc.db, svc).send({ companyId, to, template: `test_${mail.kind}`, subject: mail.subject, text: mail.text });
  return { kind: mail.kind, lang: mail.lang, sent_to: to };
}
