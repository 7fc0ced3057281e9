import type { ConsolePage } from '../../edge/pages/console-page';
import { consoleLoginFor } from '../../edge/pages/console-page';
import { ClientError } from '../../edge/client/core';
import { isCrossSiteRequest } from '../../edge/csrf';
import { readForm, seeOther } from '../../edge/pages/forms/form';
import { formErrors } from '../../lib/account-messages';
import { t } from '../../lib/i18n';
import type { ImportReport } from '../../lib/schemas/operator-people';

// The import screen's two posts: `check` (the file, POST .../import?dry_run=true: the report, nothing
// written) and `import` (the same text again, carried by the page, without dry_run). Unlike the other
// console forms the answer is the page with the report, not a redirect: the report is what the staff
// member came for.

export interface ImportOutcome {
  report: ImportReport | null;
  /** The file's text, to import after the check. */
  csv: string;
  invite: boolean;
  error: string | null;
  status: number;
}

interface AstroLike { locals: App.Locals; url: URL; request: Request }

export async function importPost(astro: AstroLike, page: ConsolePage): Promise<ImportOutcome | Response | null> {
  if (astro.request.method !== 'POST' || page.denied) return null;
  const refused = (error: string, status: number): ImportOutcome => ({ report: null, csv: '', invite: false, error, status });
  if (isCrossSiteRequest(astro.request)) return refused(t(page.lang, 'crossOrigin'), 403);
  const form = await readForm(astro.request);
  const action = String(form.get('action') ?? '');
  const invite = form.get('invite') === 'on';
  let csv = '';
  if (action === 'check') {
    const file = form.get('file');
    csv = typeof file === 'object' && file !== null ? await file.text() : '';
  } else if (action === 'import') {
    csv = String(form.get('csv') ?? '');
  } else return refused(t(page.lang, 'invalidInput'), 400);
  if (!csv.trim()) return refused(t(page.lang, 'console.ambassadors.chooseFile'), 400);
  try {
    const report = await page.client.importAmbassadors({
      query: { dry_run: action === 'check' ? 'true' : 'false', invite: invite ? 'true' : 'false' }, body: csv,
    });
    return { report, csv: action === 'check' ? csv : '', invite, error: null, status: 200 };
  } catch (err) {
    if (!(err instanceof ClientError)) throw err;
    if (err.status === 401) {
      astro.locals.setConsoleSession(null);
      return seeOther(consoleLoginFor(astro.url));
    }
    const { formError } = formErrors(err.status, err.body, page.lang, 'generic', err.retryAfter);
    return { ...refused(formError, err.status >= 400 && err.status < 500 ? err.status : 400), csv: action === 'import' ? csv : '' };
  }
}
