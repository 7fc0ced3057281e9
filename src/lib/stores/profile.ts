import { atom } from 'nanostores';

// Profile state for islands: the avatar and the status cycle of saving it (spec §4: idle, fetching,
// fetched, fetch error). The server renders the first state; islands only change it through these actions.

export type SaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; url: string } | { state: 'error'; message: string };

export const $avatarSave = atom<SaveStatus>({ state: 'idle' });

/** Message shown when the answer carries no usable text. */
let fallbackError = 'Failed to save account changes.';
export function setAvatarErrorFallback(text: string) {
  fallbackError = text;
}

/** The first message of a spec §8 error body: `{detail}` or `{field: [msg]}`. */
function firstMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return record.detail;
  const first = Object.values(record)[0];
  if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  return typeof first === 'string' ? first : null;
}

/** Saves a cropped avatar as avatar.png through PATCH /api/portal/ambassadors/{uid}/ (multipart). */
export async function saveAvatar(uid: string, png: Blob): Promise<string | null> {
  $avatarSave.set({ state: 'saving' });
  const body = new FormData();
  body.append('avatar', new File([png], 'avatar.png', { type: 'image/png' }));
  try {
    const res = await fetch(`/api/portal/ambassadors/${encodeURIComponent(uid)}/`, { method: 'PATCH', body, credentials: 'same-origin' });
    if (res.status === 401) {
      location.assign('/login');
      return null;
    }
    const answer = (await res.json().catch(() => null)) as { avatar_url?: string } | null;
    if (!res.ok || !answer?.avatar_url) {
      $avatarSave.set({ state: 'error', message: firstMessage(answer) ?? fallbackError });
      return null;
    }
    $avatarSave.set({ state: 'saved', url: answer.avatar_url });
    showAvatarEverywhere(answer.avatar_url);
    return answer.avatar_url;
  } catch {
    $avatarSave.set({ state: 'error', message: fallbackError });
    return null;
  }
}

/** The sidebar, the header menu and the account page show the new picture without a reload. */
export function showAvatarEverywhere(url: string) {
  const selectors = ['img[data-sidebar-avatar]', 'img[data-profile-avatar]', '[data-profile-dropdown] summary img.avatar-sm'];
  for (const img of document.querySelectorAll<HTMLImageElement>(selectors.join(','))) img.src = url;
}

export function resetAvatarSave() {
  $avatarSave.set({ state: 'idle' });
}
