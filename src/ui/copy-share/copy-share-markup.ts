import { escapeHtml } from '../../lib/escape-html.ts';
import type { ShareTarget } from './share-tracking.ts';

// A read-only field with Copy (and optionally Share): the referral link, share code, memorable URL or an
// asset's embed code (written as text, not a React island, whose server render cost more CPU
// than the rest of the field's page). Without JavaScript it is a plain read-only field (the buttons are
// hidden by the `no-js` class); src/ui/copy-share/copy-share.ts wires the buttons, and records every copy or share
// with POST /api/track/share/ without delaying it (spec §8).

export interface CopyShareProps {
  value: string;
  /** Short code the copy/share is recorded against; nothing is recorded without one. */
  shortCode?: string | null;
  /** Channel recorded for a copy: `copy` (spec §9) unless told otherwise (e.g. `embed`). */
  channel?: string;
  fieldLabel: string;
  labels: { copy: string; copied: string; copyFailed: string; share?: string };
  multiline?: boolean;
  /** Share options: Web Share where the device has it, else these links (e-mail and social networks). */
  share?: { title: string; text: string; targets: ShareTarget[] };
}

const attr = (name: string, value: string | null | undefined) => (value ? ` ${name}="${escapeHtml(value)}"` : '');

export function copyShareHtml({ value, shortCode, channel = 'copy', fieldLabel, labels, multiline, share }: CopyShareProps): string {
  const shared = share && labels.share ? share : undefined;
  const field = multiline
    ? `<textarea class="copy-field" readonly rows="4" spellcheck="false"${attr('aria-label', fieldLabel)}>${escapeHtml(value)}</textarea>`
    : `<input class="copy-field" readonly spellcheck="false" value="${escapeHtml(value)}"${attr('aria-label', fieldLabel)} />`;
  const shareButton = shared ? `<button type="button" class="btn btn-secondary" aria-expanded="false" data-share>${escapeHtml(labels.share!)}</button>` : '';
  const targets = shared
    ? `<ul class="share-targets" data-share-targets hidden>${shared.targets.map((t) =>
      `<li><a href="${escapeHtml(t.href)}" target="_blank" rel="noopener noreferrer" data-channel="${escapeHtml(t.channel)}">${escapeHtml(t.label)}</a></li>`).join('')}</ul>`
    : '';
  return `<div class="copy-share" data-copy-share data-enhance${attr('data-short-code', shortCode)} data-channel="${escapeHtml(channel)}"`
    + `${attr('data-copied', labels.copied)}${attr('data-copy-failed', labels.copyFailed)}`
    + `${shared ? `${attr('data-share-title', shared.title)}${attr('data-share-text', shared.text)}` : ''}>`
    + `<div class="copy-row">${field}<button type="button" class="btn" data-copy>${escapeHtml(labels.copy)}</button>${shareButton}</div>`
    + `<p class="copy-status" role="status" aria-live="polite" data-copy-status="idle"></p>${targets}</div>`;
}
