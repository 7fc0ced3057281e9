// Small pieces the areas' views share.

/** Public path of a file kept in R2 (avatars, assets); the edge serves /media/* for the tenant only. */
export const mediaUrl = (key: string | null | undefined) => (key ? `/media/${key}` : null);

/** A stored JSON text, or `fallback` when it is empty or not JSON: a broken stored value never breaks a view. */
export function safeJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
