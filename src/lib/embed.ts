import { escapeHtml } from './escape-html.ts';
import { fileKind, type FileKind } from './file-kinds.ts';
import { numberLocale } from './format.ts';
import { numberFormat } from './intl-cache.ts';

// Embed code of a campaign asset (spec §3 "image_snippet"): HTML an ambassador pastes into a blog or
// e-mail, linking to their referral link. Pure, so the API and the assets page agree.


export interface EmbedInput {
  title: string;
  fileName: string;
  /** Absolute URL of the file. */
  fileUrl: string;
  /** Absolute URL of a preview image, if any. */
  thumbnailUrl?: string | null;
  /** The ambassador's referral link; without one the snippet links to the file itself. */
  referralLink?: string | null;
}

export function embedCode(input: EmbedInput, kind: FileKind = fileKind(input.fileName)): string {
  const title = escapeHtml(input.title);
  const file = escapeHtml(input.fileUrl);
  const link = escapeHtml(input.referralLink || input.fileUrl);
  const anchor = `<a href="${link}" target="_blank" rel="noopener">${title}</a>`;
  switch (kind) {
    case 'image':
      return `<a href="${link}" target="_blank" rel="noopener"><img src="${file}" alt="${title}" style="max-width:100%"></a>`;
    case 'video': {
      const poster = input.thumbnailUrl ? ` poster="${escapeHtml(input.thumbnailUrl)}"` : '';
      return `<video src="${file}"${poster} controls style="max-width:100%"></video>\n<p>${anchor}</p>`;
    }
    case 'audio':
      return `<audio src="${file}" controls></audio>\n<p>${anchor}</p>`;
    default:
      return `<p>${anchor} (<a href="${file}" target="_blank" rel="noopener">${escapeHtml(input.fileName)}</a>)</p>`;
  }
}

/**
 * File size for people in `lang`: "0.8 kB", "12.3 kB", "4.1 MB" in English, "12,3 ko" in French (1 kB =
 * 1024 bytes; Intl's unit symbols, so each language reads its own; under a kilobyte in tenths of one, as
 * CLDR's short name for a byte reads "812 byte" in English).
 */
export function formatFileSize(bytes: number, lang: string | null = 'en'): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = (Number.isFinite(bytes) && bytes > 0 ? bytes : 0) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat(numberLocale(lang), { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: value >= 100 ? 0 : 1 }).format(value);
}
