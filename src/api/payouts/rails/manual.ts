import type { Rail } from './types';

// The manual rail: the company pays by hand (the export, then "send" records each item paid at once through
// the run core's own path, ../runs.ts). Nothing is ever handed to it, so it answers nothing it was not asked.

export const manualRail: Rail = {
  name: 'manual',
  send: async () => ({ outcomes: new Map() }),
  status: async () => ({ outcomes: new Map() }),
};
