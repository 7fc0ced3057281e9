import type { Language } from '../../lib/languages';
import { memoized } from '../../lib/intl-cache';
import { systemTextSql, textInSql } from '../core/row-language-sql';

// An activity of a task's points or of a redemption keeps, in event_data1, the name of its task or of what was
// redeemed as it was written: in the company's default language, at that moment; the portal's own texts
// (a referral reward) are kept as a message key. Readers get the row's text now, in the page language,
// as one SQL expression: the task's name, or what was redeemed (the reward; the vault item and
// its variant), where the row still exists, else the stored text; a portal text in the page language. The
// tables select, filter and sort on that same expression, so a filter matches the words the page shows;
// its sub-selects run for the rows that are read (a page), and for every row only when a filter or the
// order names event_data1.

/** The redeemed item's name as the redeem names it (../rewards/redemption-view.ts redeemedName), or NULL when it is gone. */
const redeemedSql = (a: string, lang: Language | null) => `(SELECT CASE
      WHEN d.kind = 'gift_card' THEN ${textInSql('rw', 'name', lang)}
      WHEN vi.uid IS NULL THEN NULL
      ELSE TRIM(${textInSql('vi', 'name', lang)} || ' ' || COALESCE(${textInSql('vv', 'name', lang)}, ''))
    END
      FROM redemptions d
      LEFT JOIN rewards rw ON rw.company_id = d.company_id AND rw.uid = d.reward_uid
      LEFT JOIN vault_items vi ON vi.company_id = d.company_id AND vi.uid = d.vault_item_uid
      LEFT JOIN vault_item_variants vv ON vv.company_id = d.company_id AND vv.uid = d.variant_uid
     WHERE d.company_id = ${a}.company_id AND d.id = ${a}.redemption_id)`;

const taskSql = (a: string, lang: Language | null) =>
  `(SELECT ${textInSql('tk', 'name', lang)} FROM tasks tk WHERE tk.company_id = ${a}.company_id AND tk.id = ${a}.task_id)`;

const build = (key: string) => {
  const [a, lang] = key.split('\u0000') as [string, string];
  const language = (lang || null) as Language | null;
  return `CASE ${a}.type
      WHEN 'task' THEN COALESCE(${taskSql(a, language)}, ${a}.event_data1)
      WHEN 'redemption' THEN COALESCE(${redeemedSql(a, language)}, ${a}.event_data1)
      ELSE ${systemTextSql(`${a}.event_data1`, language)} END`;
};
const built = memoized(64, build);

/** SQL of an activity's event_data1 (activity alias `a`) as a reader in `lang` sees it; written once per alias and language. */
export const activityNameSql = (a: string, lang: Language | null): string => built(`${a}\u0000${lang ?? ''}`);

const recordBuilt = memoized(64, (key: string) => {
  const [expr, lang] = key.split('\u0000') as [string, string];
  return systemTextSql(expr, (lang || null) as Language | null);
});

/** SQL of an activity's event_data2 or event_data3 (`expr`) as a reader in `lang` sees it: the portal's own texts in `lang`. */
export const recordTextSql = (expr: string, lang: Language | null): string => recordBuilt(`${expr}\u0000${lang ?? ''}`);
