import type { Customization } from './schemas/customization';

// The payout schedule's days (customization `payouts.schedule`, UTC): which days draft a run, and the next one.
// The hourly run (src/api/payouts/schedule.ts) and the ambassador's "next payout run" read the same rule.

export type Schedule = Customization['payouts']['schedule'];

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** 1 Monday ... 7 Sunday, as `schedule.weekday` counts. */
const isoWeekday = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1;

/** Whether `d` (UTC) is a day the schedule drafts a run. */
export function isScheduledDay(schedule: Schedule, d: Date): boolean {
  if (schedule.every === 'monthly') return d.getUTCDate() === schedule.day;
  if (schedule.every === 'weekly') return isoWeekday(d) === schedule.weekday;
  return false;
}

/** The first scheduled day on or after `from` (`YYYY-MM-DD`, UTC); null without a schedule. */
export function nextScheduledDay(schedule: Schedule, from: Date): string | null {
  if (schedule.every === 'off') return null;
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let i = 0; i < 32; i++) {
    const d = new Date(start + i * DAY_MS);
    if (isScheduledDay(schedule, d)) return dayOf(d);
  }
  return null;
}
