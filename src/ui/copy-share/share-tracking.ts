// Browser side of POST /api/track/share/ (spec §7): fire and forget. A failure is only logged (spec §8),
// never shown and never waited for, so a copy or share is never held up by tracking. No zod here: this
// module is in every copy button's bundle.

/** The clipboard channel's name (spec §9). */
export const COPY_CHANNEL = 'copy';
/** Spec §3: a copy is tracked with placeholder recipient fields (nobody in particular received it). */
export const COPY_PLACEHOLDER_RECIPIENT = { recipient_email: 'copy@placeholder.invalid', recipient_username: 'copy' } as const;

export function trackShare(shortCode: string | null | undefined, socialName: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  if (!shortCode) return Promise.resolve();
  const body = socialName === COPY_CHANNEL
    ? { short_code: shortCode, social_name: socialName, ...COPY_PLACEHOLDER_RECIPIENT }
    : { short_code: shortCode, social_name: socialName };
  return fetchImpl('/api/track/share/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  }).then(
    (res) => {
      if (!res.ok) console.error('track share: answered', res.status);
    },
    (err) => console.error('track share: failed', err),
  );
}

/** Copies text; false when the browser refuses (no permission, insecure context, old browser). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface ShareTarget {
  /** Channel name recorded by track-share (`email`, `facebook`, ...). */
  channel: string;
  label: string;
  href: string;
}

const enc = encodeURIComponent;

/** Share links for e-mail and the social networks the ambassador's profile lists. */
export function shareTargets(
  link: string, message: string, subject: string,
  networks: { facebook?: boolean; twitter?: boolean; linkedin?: boolean; pinterest?: boolean },
  labels: { email: string; on: (network: string) => string },
): ShareTarget[] {
  const text = message ? `${message} ${link}` : link;
  const out: ShareTarget[] = [{ channel: 'email', label: labels.email, href: `mailto:?subject=${enc(subject)}&body=${enc(text)}` }];
  if (networks.facebook) out.push({ channel: 'facebook', label: labels.on('Facebook'), href: `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}` });
  if (networks.twitter) out.push({ channel: 'twitter', label: labels.on('X (Twitter)'), href: `https://twitter.com/intent/tweet?url=${enc(link)}&text=${enc(message)}` });
  if (networks.linkedin) out.push({ channel: 'linkedin', label: labels.on('LinkedIn'), href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(link)}` });
  if (networks.pinterest) out.push({ channel: 'pinterest', label: labels.on('Pinterest'), href: `https://www.pinterest.com/pin/create/button/?url=${enc(link)}&description=${enc(message)}` });
  return out;
}
