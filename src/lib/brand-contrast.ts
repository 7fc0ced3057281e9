import { AA_TEXT, contrastRatio } from './contrast';
import type { Customization } from './schemas/customization';
import type { ContrastCheck, ContrastCheckKey } from './schemas/customization-versions';

/** WCAG 2.2 AA for a control against what surrounds it (1.4.11 non-text contrast). */
const AA_NON_TEXT = 3;
/** The signed-in pages' background (src/styles: the portal's content area is white). */
const PAGE_BACKGROUND = '#ffffff';

/**
 * The branding's colour pairs measured against WCAG AA (the ratio of 1.4.3 for text, 1.4.11 for a button
 * on its page): what a company picked, before the portal's own fallback (src/lib/contrast.ts
 * `readableText`) swaps an unreadable text colour for black or white.
 */
export function brandContrast(s: Customization): ContrastCheck[] {
  const pairs: [ContrastCheckKey, string, string, number][] = [
    ['loginButtonText', s.login.button_text_color, s.login.login_button_color, AA_TEXT],
    ['loginButtonOnBackground', s.login.login_button_color, s.login.background_color, AA_NON_TEXT],
    ['buttonText', s.theme.button_text_color, s.theme.button_color, AA_TEXT],
    ['buttonOnPage', s.theme.button_color, PAGE_BACKGROUND, AA_NON_TEXT],
    ['linkOnPage', s.theme.link_color, PAGE_BACKGROUND, AA_TEXT],
  ];
  return pairs.map(([key, foreground, background, minimum]) => {
    const ratio = Math.floor((contrastRatio(foreground, background) ?? 1) * 100) / 100;
    return { key, foreground, background, ratio, minimum, passes_aa: ratio >= minimum };
  });
}
