/**
 * Analytics identify (spec §7): when the company's own scripts provide a Segment-style
 * `window.analytics.identify`, the portal identifies the signed-in ambassador once per browser session
 * (a sessionStorage flag keyed by the user id), and never a logged-out visitor (the script is only
 * written for a verified session).
 */

export interface IdentifiedUser {
  userid: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** sessionStorage key marking "already identified in this tab session". */
export const IDENTIFY_FLAG_PREFIX = 'portal.identified.';

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that can sit inside an inline <script>: `<`, `>` and `&` are written as \u escapes (no `</script>`
 * or `<!--` can end or bend the element) and so are the two line separators JavaScript once rejected.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_IN_SCRIPT[ch]!);
}

/**
 * The inline script that identifies `user`. It runs at the end of the body (the company's head and body
 * scripts have defined `analytics` by then) and once more on `load` for snippets that define it late.
 * Traits use Segment's reserved names (email, firstName, lastName); the user id is a string.
 */
export function identifyScript(user: IdentifiedUser): string {
  const data = inlineJson({
    key: `${IDENTIFY_FLAG_PREFIX}${user.userid}`,
    id: String(user.userid),
    traits: { email: user.email, firstName: user.first_name, lastName: user.last_name },
  });
  return `(function(u){function go(){try{var a=window.analytics;if(!a||typeof a.identify!=='function'||sessionStorage.getItem(u.key))return;`
    + `a.identify(u.id,u.traits);sessionStorage.setItem(u.key,'1')}catch(e){}}go();addEventListener('load',go)})(${data});`;
}
