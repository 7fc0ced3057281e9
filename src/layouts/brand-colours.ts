import { ensureContrast, readableText } from '../lib/contrast';
import { DEFAULT_LINK_COLOR, type Customization } from '../lib/schemas/customization';

// The brand colours of a page (Base.astro) as CSS custom properties. They depend on the resolved
// customization alone (plus a page's extra variables), so they are worked out once per customization
// and isolate: the contrast checks are a good part of a small page's CPU.

// Only colour-like values reach the stylesheet, so a bad setting cannot break out of the rule.
const colour = (v: string | null | undefined) => (v && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/.test(v) ? v : null);

// A setting never makes the portal unreadable (WCAG AA 4.5:1): text on a colour switches to black or
// white, and a link colour is darkened (or lightened) until it reads on the backgrounds it sits on:
// cards and the page (global.css --surface, --page-bg), the sidebar of the chosen tab theme.
const PAGE_BACKGROUNDS = ['#ffffff', '#f5f7fc'];

export interface BrandColours {
  /** The custom properties, each a checked colour or null. */
  vars: Record<string, string | null>;
  /** `:root:root{...}` with the properties that are set. */
  css: string;
}

function work(s: Customization, extraVars: Record<string, string | null | undefined>): BrandColours {
  const vars: Record<string, string | null> = {
    '--brand': colour(s.theme.button_color),
    '--brand-text': colour(s.theme.button_text_color),
    // The portal's link colour; the tabs' link colour (spec §3 "tabs: link_color") when it was left alone.
    '--link': colour(s.theme.link_color !== DEFAULT_LINK_COLOR ? s.theme.link_color : s.tabs.link_color),
    '--sidebar-link': colour(s.tabs.link_color),
    ...Object.fromEntries(Object.entries(extraVars).map(([k, v]) => [k, colour(v)])),
  };
  const sidebarBackground = s.tabs.theme === 'light' ? '#ffffff' : '#1f2a3d';
  if (vars['--brand'] && vars['--brand-text']) vars['--brand-text'] = readableText(vars['--brand-text'], vars['--brand']);
  if (vars['--field-bg'] && vars['--field-text']) vars['--field-text'] = readableText(vars['--field-text'], vars['--field-bg']);
  if (vars['--link']) vars['--link'] = ensureContrast(vars['--link'], PAGE_BACKGROUNDS);
  if (vars['--sidebar-link']) vars['--sidebar-link'] = ensureContrast(vars['--sidebar-link'], [sidebarBackground]);
  if (vars['--forgot-color']) vars['--forgot-color'] = ensureContrast(vars['--forgot-color'], ['#ffffff']);
  const css = `:root:root{${Object.entries(vars).filter(([, v]) => v).map(([k, v]) => `${k}:${v}`).join(';')}}`;
  return { vars, css };
}

const kept = new WeakMap<Customization, Map<string, BrandColours>>();

/** The page's brand colours for the customization `s` and the page's extra variables (read only). */
export function brandColours(s: Customization, extraVars: Record<string, string | null | undefined> = {}): BrandColours {
  let bySettings = kept.get(s);
  if (!bySettings) kept.set(s, (bySettings = new Map()));
  const key = JSON.stringify(extraVars);
  let found = bySettings.get(key);
  if (!found) {
    // Pages pass few, fixed sets of extra variables; a stray one must not grow the map without end.
    if (bySettings.size >= 32) bySettings.clear();
    bySettings.set(key, (found = work(s, extraVars)));
  }
  return found;
}
