// axe-core in the page as it is now (WCAG 2.0/2.1 A and AA, 2.2 AA rules, as tests/e2e/a11y.e2e.ts runs it):
// the violations as readable lines, `label [rule] selector: what axe says`, for `expect(...).toEqual([])`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeNode { target: unknown[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }
interface AxeViolation { id: string; help: string; nodes: AxeNode[] }

export async function axeViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations;
  }, WCAG) as AxeViolation[];
  return violations.flatMap((v) => v.nodes.map((node) => {
    const why = [...node.any, ...node.all, ...node.none].map((c) => c.message).join(' / ');
    return `${label} [${v.id}] ${node.target.map(String).join(' > ')}: ${why || v.help}`;
  }));
}
