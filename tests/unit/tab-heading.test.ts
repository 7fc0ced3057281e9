// Custom tab pages showed their heading twice: the page's h1 and the tab HTML's own title.
import { describe, expect, it } from 'vitest';
import { withoutRepeatedHeading } from '../../src/lib/tab-heading';

describe('custom tab heading', () => {
  it('leaves out a leading heading that repeats the label, whatever its level, case, spacing or inner markup', () => {
    const rest = '<p>Lo que recomienda el equipo.</p>';
    expect(withoutRepeatedHeading(`<h2>Guía de material</h2>${rest}`, 'Guía de material')).toBe(rest);
    expect(withoutRepeatedHeading(`\n  <h1 class="t">  guía   DE <em>material</em></h1>${rest}`, 'Guía de material')).toBe(rest);
    expect(withoutRepeatedHeading(`<h3>Tips &amp; tricks</h3>${rest}`, 'Tips & tricks')).toBe(rest);
    expect(withoutRepeatedHeading(`<h2>Gu&#xed;a de material</h2>${rest}`, 'Guía de material')).toBe(rest);
  });

  it('keeps a different heading, a heading further down, and HTML without one', () => {
    const subtitle = '<h2>Esta temporada</h2><p>x</p>';
    expect(withoutRepeatedHeading(subtitle, 'Guía de material')).toBe(subtitle);
    const later = '<p>Intro</p><h2>Guía de material</h2>';
    expect(withoutRepeatedHeading(later, 'Guía de material')).toBe(later);
    expect(withoutRepeatedHeading('<p>Only text</p>', 'Guía de material')).toBe('<p>Only text</p>');
    expect(withoutRepeatedHeading('', 'Guía de material')).toBe('');
  });

  it('counts every name the tab goes by: HTML left in the default language opens with the default name', () => {
    const english = '<h2>Creator corner</h2><p>Tips.</p>';
    expect(withoutRepeatedHeading(english, ['Coin des créateurs', 'Creator corner'])).toBe('<p>Tips.</p>');
    expect(withoutRepeatedHeading(english, ['Coin des créateurs'])).toBe(english);
    expect(withoutRepeatedHeading(english, [])).toBe(english);
  });

  it('removes only the first of two repeated headings', () => {
    expect(withoutRepeatedHeading('<h2>Perks</h2><h2>Perks</h2>', 'Perks')).toBe('<h2>Perks</h2>');
  });
});
