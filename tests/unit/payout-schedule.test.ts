// The payout schedule's days (src/lib/payout-schedule.ts): the day the hourly run drafts, and the next one the
// ambassador is told, in UTC.
import { describe, expect, it } from 'vitest';
import { isScheduledDay, nextScheduledDay } from '../../src/lib/payout-schedule';

const at = (iso: string) => new Date(iso);

describe('payout schedule', () => {
  it('drafts monthly on its day of the month, at any hour of it (UTC)', () => {
    const monthly = { every: 'monthly', day: 15, weekday: 1 } as const;
    expect(isScheduledDay(monthly, at('2026-03-15T00:00:00Z'))).toBe(true);
    expect(isScheduledDay(monthly, at('2026-03-15T23:59:59Z'))).toBe(true);
    expect(isScheduledDay(monthly, at('2026-03-16T00:00:00Z'))).toBe(false);
  });

  it('drafts weekly on its weekday, Monday being 1 and Sunday 7', () => {
    expect(isScheduledDay({ every: 'weekly', day: 1, weekday: 1 }, at('2026-11-30T09:00:00Z'))).toBe(true); // a Monday
    expect(isScheduledDay({ every: 'weekly', day: 1, weekday: 7 }, at('2026-11-29T09:00:00Z'))).toBe(true); // a Sunday
    expect(isScheduledDay({ every: 'weekly', day: 1, weekday: 7 }, at('2026-11-30T09:00:00Z'))).toBe(false);
  });

  it('never drafts when off, and names no next day', () => {
    const off = { every: 'off', day: 1, weekday: 1 } as const;
    expect(isScheduledDay(off, at('2026-11-01T00:00:00Z'))).toBe(false);
    expect(nextScheduledDay(off, at('2026-11-01T00:00:00Z'))).toBeNull();
  });

  it('names the next scheduled day: today when it is the day, else the next one, across months and years', () => {
    const monthly = { every: 'monthly', day: 28, weekday: 1 } as const;
    expect(nextScheduledDay(monthly, at('2026-11-28T22:00:00Z'))).toBe('2026-11-28');
    expect(nextScheduledDay(monthly, at('2026-11-29T00:00:00Z'))).toBe('2026-12-28');
    expect(nextScheduledDay({ every: 'monthly', day: 1, weekday: 1 }, at('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(nextScheduledDay({ every: 'monthly', day: 28, weekday: 1 }, at('2027-01-31T12:00:00Z'))).toBe('2027-02-28');
    expect(nextScheduledDay({ every: 'weekly', day: 1, weekday: 3 }, at('2026-11-28T12:00:00Z'))).toBe('2026-12-02');
  });
});
