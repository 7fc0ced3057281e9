import { SYSTEM_LANGUAGE, normalizeLanguage } from '../../../lib/languages';
import { safeRedirect } from '../../../lib/safe-redirect';
import { LANGUAGE_COOKIE } from '../../request-context';
import { readForm } from './form';

// /language (the language menu): a POST stores the choice — a supported code or "system" — in the
// language cookie, also on the profile when someone is signed in; GET and POST alike go back to `next`,
// a page of this origin only (src/lib/safe-redirect.ts), else /login. The CSRF middleware has already
// refused cross-origin posts.

/** Where the menu goes back to: `next` when it is a path of this origin, else /login. */
export const languageBack = (next: unknown, url: URL) => safeRedirect(next, { origin: url.origin, fallback: '/login' });

export async function languageAction(locals: App.Locals, request: Request, url: URL): Promise<Response> {
  if (request.method !== 'POST') return seeOther(languageBack(url.searchParams.get('next'), url));
  const form = await readForm(request);
  const raw = String(form.get('language') ?? '');
  const choice = raw === SYSTEM_LANGUAGE ? SYSTEM_LANGUAGE : normalizeLanguage(raw);
  const headers = new Headers({ location: languageBack(form.get('next'), url), 'cache-control': 'no-store' });
  if (choice) {
    headers.append('set-cookie', `${LANGUAGE_COOKIE}=${encodeURIComponent(choice)}; Path=/; Max-Age=31536000; SameSite=Lax`);
    const { requestContext, client } = locals;
    if (requestContext.me) {
      try {
        await client.updateProfile({ body: { language: choice } });
      } catch (err) {
        // The cookie already holds the choice; the profile keeps its old one.
        console.error('language: profile not updated', err);
      }
    }
  }
  return new Response(null, { status: 303, headers });
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
