// Tenant HTML's headings started at h3 under the register page's h1 (Lighthouse's heading-order
// at 98): wherever tenant HTML is placed, its headings move as a block under the place's heading.
import { describe, expect, it } from 'vitest';
import { sanitizeTenantHtml } from '../../src/edge/sanitize';
import { headingsUnder } from '../../src/lib/heading-levels';

describe('tenant headings under the place they are put', () => {
  it('lifts a right column that starts at h3 to h2 under the page h1', () => {
    expect(headingsUnder('<h3>Why join?</h3><ul><li>x</li></ul>', 1)).toBe('<h2>Why join?</h2><ul><li>x</li></ul>');
  });

  it('keeps the distances between the levels, lowering as well as lifting', () => {
    expect(headingsUnder('<h3>A</h3><h4 class="x">B</h4><h3>C</h3><h5>D</h5>', 1)).toBe('<h2>A</h2><h3 class="x">B</h3><h2>C</h2><h4>D</h4>');
    expect(headingsUnder('<h1>Top</h1><h2>Sub</h2>', 1)).toBe('<h2>Top</h2><h3>Sub</h3>');
    expect(headingsUnder('<h1>Top</h1><h2>Sub</h2>', 2)).toBe('<h3>Top</h3><h4>Sub</h4>');
  });

  it('stops at h6', () => {
    expect(headingsUnder('<h1>a</h1><h4>b</h4><h6>c</h6>', 3)).toBe('<h4>a</h4><h6>b</h6><h6>c</h6>');
  });

  it('leaves HTML without headings, or already in place, as it is', () => {
    expect(headingsUnder('<p>Earn <strong>10%</strong></p>', 1)).toBe('<p>Earn <strong>10%</strong></p>');
    expect(headingsUnder('<h2>Ok</h2><h3>Fine</h3>', 1)).toBe('<h2>Ok</h2><h3>Fine</h3>');
    expect(headingsUnder('', 1)).toBe('');
  });

  it('touches tags only, never text or attributes that spell a heading', () => {
    const html = sanitizeTenantHtml('<h4 class="a<h3>">Use &lt;h4&gt; or <b>h4</b></h4><header><p>a &lt;h3&gt; in text</p></header>', { under: 1 });
    expect(html).toBe('<h2 class="a&lt;h3&gt;">Use &lt;h4&gt; or <b>h4</b></h2><header><p>a &lt;h3&gt; in text</p></header>');
  });
});

describe('sanitizeTenantHtml places its result', () => {
  it('moves the headings under the place and keeps each place apart in memory', () => {
    const column = '<h3>Ventajas del equipo</h3><p>8 %</p>';
    expect(sanitizeTenantHtml(column, { under: 1 })).toBe('<h2>Ventajas del equipo</h2><p>8 %</p>');
    expect(sanitizeTenantHtml(column, { under: 2 })).toBe('<h3>Ventajas del equipo</h3><p>8 %</p>');
    expect(sanitizeTenantHtml(column, { under: 1 })).toBe('<h2>Ventajas del equipo</h2><p>8 %</p>');
  });

  it('leaves out a leading heading repeating the title before moving the rest under it', () => {
    const tab = '<h2>Gear guide</h2><p>Intro</p><h3>Packs</h3><h4>Ridge 30</h4>';
    // Moving first would have kept the h3 under the page's h1 once the h2 was gone.
    expect(sanitizeTenantHtml(tab, { under: 1, title: 'Gear guide' })).toBe('<p>Intro</p><h2>Packs</h2><h3>Ridge 30</h3>');
    expect(sanitizeTenantHtml(tab, { under: 1, title: 'Guía de material' })).toBe(tab);
  });
});
