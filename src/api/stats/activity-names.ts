import type { Language } from '../../lib/languages';
import { readTranslations, nameIn } from '../../lib/row-language';
import { redeemedName, type RedeemedTexts } from '../rewards/redemption-view';

// An activity of a task's points or of a redemption keeps, in event_data1, the name of its task or of what was
// redeemed as it was written: in the company's default language, at that moment. Readers show the row's name
// now, in the page language (issue 21), from two correlated sub-selects that ride along with the query that
// already reads the activities (evaluated for the rows of the page only, never for a count), and fall back
// to the stored text for rows that name nothing (written before migration 0025) or a row that is gone.

/** The select-list items (activity alias `a`): `_task` and `_redeemed`, JSON objects or NULL. */
export const activityNameSql = (a: string) => [
  `(SELECT json_object('name', tk.name, 'translations', tk.translations) FROM tasks tk
     WHERE ${a}.type = 'task' AND tk.company_id = ${a}.company_id AND tk.id = ${a}.task_id) AS _task`,
  `(SELECT json_object('kind', d.kind, 'reward_name', rw.name, 'reward_translations', rw.translations, 'vault_item_name', vi.name,
            'vault_item_translations', vi.translations, 'variant_name', vv.name, 'variant_translations', vv.translations)
      FROM redemptions d
      LEFT JOIN rewards rw ON rw.company_id = d.company_id AND rw.uid = d.reward_uid
      LEFT JOIN vault_items vi ON vi.company_id = d.company_id AND vi.uid = d.vault_item_uid
      LEFT JOIN vault_item_variants vv ON vv.company_id = d.company_id AND vv.uid = d.variant_uid
     WHERE ${a}.type = 'redemption' AND d.company_id = ${a}.company_id AND d.id = ${a}.redemption_id) AS _redeemed`,
];

/** The two columns activityNameSql adds to a row. */
export interface ActivityNameColumns { _task?: unknown; _redeemed?: unknown }

const parsed = (v: unknown): Record<string, unknown> | null => {
  if (typeof v !== 'string') return null;
  const o = readTranslations(v) as Record<string, unknown>;
  return Object.keys(o).length ? o : null;
};

/** event_data1 of an activity in `lang`: its task's or redeemed item's name now, else as stored. */
export function activityName(type: string, stored: string | null, columns: ActivityNameColumns | Record<string, unknown>, lang: Language | null): string | null {
  const row = columns as ActivityNameColumns;
  if (type === 'task') {
    const task = parsed(row._task);
    if (task && typeof task.name === 'string') return nameIn(task.name, task.translations, lang);
  }
  if (type === 'redemption') {
    const redeemed = parsed(row._redeemed);
    if (redeemed) return redeemedName(redeemed as unknown as RedeemedTexts, lang) ?? stored;
  }
  return stored;
}
