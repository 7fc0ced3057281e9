import { parseHex } from '../../lib/contrast';
import { TAB_KEYS } from '../../lib/schemas/customization';
import type { MessageKey } from '../../lib/i18n';

// The branding screen's form: which settings of the company document it edits (each input named by its
// dotted path in the document, so the API's field errors land on it), and how a posted form changes the
// draft. Settings the form does not show are kept as the draft has them.

type Json = Record<string, unknown>;

export interface DraftField {
  path: string;
  label: MessageKey;
  max?: number;
}

export const COLOUR_FIELDS: DraftField[] = [
  { path: 'theme.button_color', label: 'console.branding.colour.button' },
  { path: 'theme.button_text_color', label: 'console.branding.colour.buttonText' },
  { path: 'theme.link_color', label: 'console.branding.colour.link' },
  { path: 'login.background_color', label: 'console.branding.colour.loginBackground' },
  { path: 'login.login_button_color', label: 'console.branding.colour.loginButton' },
  { path: 'login.button_text_color', label: 'console.branding.colour.loginButtonText' },
  { path: 'register.background_color', label: 'console.branding.colour.registerBackground' },
];

export const TEXT_FIELDS: DraftField[] = [
  { path: 'meta.head_title', label: 'console.branding.text.headTitle', max: 120 },
  { path: 'meta.head_description', label: 'console.branding.text.headDescription', max: 500 },
  { path: 'register.form_header', label: 'console.branding.text.formHeader', max: 200 },
  { path: 'register.button_text', label: 'console.branding.text.registerButton', max: 60 },
  { path: 'tabs.logout_label', label: 'console.branding.text.logoutLabel', max: 60 },
];

export const SCRIPT_FIELDS: DraftField[] = [
  { path: 'login.head_scripts', label: 'console.branding.script.loginHead' },
  { path: 'login.body_scripts', label: 'console.branding.script.loginBody' },
  { path: 'register.head_scripts', label: 'console.branding.script.registerHead' },
  { path: 'register.body_scripts', label: 'console.branding.script.registerBody' },
  { path: 'dashboard.head_scripts', label: 'console.branding.script.dashboardHead' },
  { path: 'dashboard.body_scripts', label: 'console.branding.script.dashboardBody' },
];

export const tabShowPath = (key: string) => `tabs.items.${key}.show`;
export const tabLabelPath = (key: string) => `tabs.items.${key}.label`;
export const TAB_THEME_PATH = 'tabs.theme';

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path of a document (resolved or stored). */
export function valueAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined), doc);
}

/** Sets (or, with undefined, removes) the value at a dotted path, making the objects on the way. */
function setAt(doc: Json, path: string, value: unknown) {
  const keys = path.split('.');
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** A colour as `<input type="color">` takes it: #rrggbb (a short or alpha form is widened, its alpha dropped). */
export function colourInput(value: unknown): string {
  const rgb = typeof value === 'string' ? parseHex(value) : null;
  return rgb ? `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}` : '#000000';
}

/** The draft with the posted form's values: blank texts are removed (the portal's own text shows), scripts kept as typed. */
export function draftFromForm(content: Json, form: FormData): Json {
  const doc = structuredClone(content);
  const text = (path: string) => String(form.get(path) ?? '');
  for (const f of COLOUR_FIELDS) if (form.has(f.path)) setAt(doc, f.path, text(f.path).trim());
  for (const f of TEXT_FIELDS) if (form.has(f.path)) setAt(doc, f.path, text(f.path).trim() || undefined);
  for (const f of SCRIPT_FIELDS) if (form.has(f.path)) setAt(doc, f.path, text(f.path));
  if (form.has(TAB_THEME_PATH)) setAt(doc, TAB_THEME_PATH, text(TAB_THEME_PATH));
  for (const key of TAB_KEYS) {
    setAt(doc, tabShowPath(key), form.has(tabShowPath(key)));
    if (form.has(tabLabelPath(key))) setAt(doc, tabLabelPath(key), text(tabLabelPath(key)).trim() || undefined);
  }
  return doc;
}
