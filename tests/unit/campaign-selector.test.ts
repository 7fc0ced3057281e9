// The campaign selector's browser side (src/ui/campaign-selector/campaign-selector.ts) against a stand-in for the
// browser's <select> and localStorage: a choice is remembered and the page loaded again, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enhanceCampaignSelector } from '../../src/ui/campaign-selector/campaign-selector';
import { CAMPAIGN_STORAGE_KEY } from '../../src/ui/campaign-selector/campaign-storage';

function fakeSelect(values: string[], serverChoice: string, current = serverChoice) {
  const listeners: (() => void)[] = [];
  return {
    options: values.map((value) => ({ value, defaultSelected: value === serverChoice })),
    value: current,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    choose(value: string) {
      this.value = value;
      for (const l of listeners) l();
    },
  };
}

const stored = new Map<string, string>();
beforeEach(() => {
  stored.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v), removeItem: (k: string) => stored.delete(k),
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('campaign selector script', () => {
  it('remembers another campaign and loads the page again', () => {
    const select = fakeSelect(['all', '101', '102'], '101');
    let reloads = 0;
    enhanceCampaignSelector(select as unknown as HTMLSelectElement, () => reloads++);
    expect(reloads).toBe(0);
    select.choose('101');
    expect(reloads).toBe(0);
    select.choose('all');
    expect(stored.get(CAMPAIGN_STORAGE_KEY)).toBe('all');
    expect(reloads).toBe(1);
  });

  it('does not ignore a choice made before the script ran (the race the island had fixed)', () => {
    const select = fakeSelect(['all', '101', '102'], '101', '102');
    let reloads = 0;
    enhanceCampaignSelector(select as unknown as HTMLSelectElement, () => reloads++);
    expect(stored.get(CAMPAIGN_STORAGE_KEY)).toBe('102');
    expect(reloads).toBe(1);
  });

  it('takes the first campaign as the server\'s choice when none is marked (the browser shows that one)', () => {
    const select = fakeSelect(['101', '102'], 'gone', '101');
    let reloads = 0;
    enhanceCampaignSelector(select as unknown as HTMLSelectElement, () => reloads++);
    expect(reloads).toBe(0);
    expect(stored.size).toBe(0);
  });
});
