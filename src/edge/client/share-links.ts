import type { ResolvedShareLink, ResolveQuery } from '../../lib/schemas/sharing';
import type { ContractClient } from './contract';
import { ClientError } from './core';

/** The redirects' question, which the endpoint answers with a 404 when a link leads nowhere. */
export interface ShareLinkTargetClient {
  /** GET /share_links/resolve/ (public) - where `/r/<code>` or `/<username>` leads in this tenant; null: nowhere. */
  findShareLink(query: ResolveQuery): Promise<ResolvedShareLink | null>;
}

export const shareLinkTarget = (contract: ContractClient): ShareLinkTargetClient => ({
  async findShareLink(query) {
    try {
      return await contract.resolveShareLink({ query });
    } catch (err) {
      if (err instanceof ClientError && err.status === 404) return null;
      throw err;
    }
  },
});
