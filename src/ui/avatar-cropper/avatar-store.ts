import { atom } from 'nanostores';

// Profile state for islands: the avatar and the status cycle of saving it (spec §4: idle, fetching,
// fetched, fetch error). The server renders the first state; islands only change it through these actions.

export type SaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; url: string } | { state: 'error'; message: string };

export const $avatarSave = atom<SaveStatus>({ state: 'idle' });

/**
 * Texts in the page language for the message keys an answer may carry (`code`, `error_codes`), and the
 * one shown when the answer has nothing usable. The island hands them over (islands carry no catalogue).
 */
let messages: Record<string, string> = {};
let fallbackError = 'Your changes could not be saved. Please try again in a few minutes.';
export function setAvatarMessages(byKey: Record<string, string>, fallback: string) {
  messages = byKey;
  fallbackError = fallback;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The message of a spec §8 error body in the page language: its key's text when the island knows the
 * key, else the body's own text (`{detail}` or the first `{field: [msg]}`), else the fallback.
 */
export function avatarErrorMessage(body: unknown): string {
  if (!isRecord(body)) return fallbackError;
  const codes = isRecord(body.error_codes) ? body.error_codes : {};
  const fieldCode = Object.values(codes).flat().find((c): c is { code: string } => isRecord(c) && typeof c.code === 'string')?.code;
  const code = typeof body.code === 'string' ? body.code : fieldCode;
  if (code && Object.hasOwn(messages, code)) return messages[code]!;
  if (typeof body.detail === 'string') return body.detail;
  const first = Object.entries(body).find(([k]) => k !== 'error_codes' && k !== 'code' && k !== 'params')?.[1];
  if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  return typeof first === 'string' ? first : fallbackError;
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
      $avatarSave.set({ state: 'error', message: avatarErrorMessage(answer) });
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
