import { describe, expect, it } from 'vitest';
import { filterInbox, inboxFilters, inboxItems, waitedFor, type HeldCommission, type OperatorRedemption } from '../../src/ui/console-review/inbox.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

const commission = (uid: string, over: Partial<HeldCommission> = {}) => ({
  uid, created_at: ago(1), held_at: null, held_reason: null, campaign_uid: 'cmp-a', ...over,
}) as HeldCommission;
const redemption = (id: number, over: Partial<OperatorRedemption> = {}) => ({
  id, status: 'processing', created_at: ago(2), updated_at: null, campaign_uid: null, ...over,
}) as OperatorRedemption;

describe('review inbox items', () => {
  it('a hold waits from when it was held, a failed redemption from when it failed, and only for 30 days', () => {
    const items = inboxItems(
      [commission('held', { created_at: ago(9), held_at: ago(3), held_reason: 'velocity' })],
      [commission('p1'), commission('held-too', { held_reason: 'own_email' })],
      [redemption(1), redemption(2, { status: 'failed', updated_at: ago(5) }), redemption(3, { status: 'failed', created_at: ago(40), updated_at: ago(31) })],
      NOW,
    );
    expect(items.map((i) => [i.kind, i.key, i.since])).toEqual([
      ['held', 'c:held', ago(3)], ['pending', 'c:p1', ago(1)], ['redemption', 'r:1', ago(2)], ['failed', 'r:2', ago(5)],
    ]);
  });

  it('filters by kind, campaign and age, oldest first unless asked otherwise', () => {
    const items = inboxItems([], [commission('new', { created_at: ago(0.5) }), commission('old', { created_at: ago(8) }),
      commission('other', { created_at: ago(2), campaign_uid: 'cmp-b' })], [redemption(7, { created_at: ago(3) })], NOW);
    const keys = (query: string) => filterInbox(items, inboxFilters(new URLSearchParams(query)), NOW).map((i) => i.key);
    expect(keys('')).toEqual(['c:old', 'r:7', 'c:other', 'c:new']);
    expect(keys('order=newest')).toEqual(['c:new', 'c:other', 'r:7', 'c:old']);
    expect(keys('kind=redemption')).toEqual(['r:7']);
    expect(keys('campaign=cmp-b')).toEqual(['c:other']);
    expect(keys('age=7')).toEqual(['c:old']);
    expect(keys('age=1&kind=pending')).toEqual(['c:old', 'c:other']);
    // Unknown values are the defaults, never an error.
    expect(keys('kind=nonsense&age=5&order=sideways')).toEqual(keys(''));
  });

  it('says how long an item waited in the page language', () => {
    expect(waitedFor(ago(3), NOW, 'en')).toBe('3 days ago');
    expect(waitedFor(ago(1), NOW, 'es')).toBe('ayer');
    expect(waitedFor(new Date(NOW - 5 * 60_000).toISOString(), NOW, 'de')).toBe('vor 5 Minuten');
    expect(waitedFor(ago(14), NOW, 'fr')).toBe('il y a 2 semaines');
  });
});
