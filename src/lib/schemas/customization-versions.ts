import { z } from 'zod';
import { filePart } from './common';
import { components } from './registry';

// Branding with a draft (the console's /console/branding): the company document being edited, the server's
// contrast check of its colours, the published versions and the logo upload. The document itself is the
// customization schema's (./customization.ts).

const isoTime = z.string().describe('ISO 8601 UTC time');

/** Where an uploaded logo goes in the document. */
export const LOGO_SLOTS = ['login', 'register', 'portal', 'favicon'] as const;
export type LogoSlot = (typeof LOGO_SLOTS)[number];
/** The document path of each slot. */
export const LOGO_SLOT_PATHS: Record<LogoSlot, readonly [string, string]> = {
  login: ['login', 'logo'],
  register: ['register', 'logo'],
  portal: ['theme', 'campaign_portal_logo'],
  favicon: ['meta', 'favicon'],
};

/** Largest logo: a raster image (PNG, JPEG, WebP), and an SVG (text, sanitised). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const SVG_LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_FILE_FIELD = 'file';

export const CONTRAST_CHECKS = ['loginButtonText', 'loginButtonOnBackground', 'buttonText', 'buttonOnPage', 'linkOnPage'] as const;
export type ContrastCheckKey = (typeof CONTRAST_CHECKS)[number];

export const contrastCheck = z.object({
  key: z.enum(CONTRAST_CHECKS).describe('loginButtonText: the login button\'s text on it; loginButtonOnBackground: the login ' +
    'button on the login page; buttonText: the portal buttons\' text on them; buttonOnPage: the portal buttons on the white page; ' +
    'linkOnPage: links on the white page'),
  foreground: z.string(),
  background: z.string(),
  ratio: z.number().describe('WCAG 2 contrast ratio, 1 to 21, two decimals'),
  minimum: z.number().describe('What AA asks: 4.5 for text, 3 for a control against its surroundings'),
  passes_aa: z.boolean(),
}).strict();
export type ContrastCheck = z.output<typeof contrastCheck>;

export const customizationDraftAnswer = z.object({
  content: z.record(z.string(), z.unknown()).describe('The draft document (the live one while there is no draft)'),
  has_draft: z.boolean().describe('false: nothing unpublished, `content` is what is live'),
  author: z.string().nullable().describe('Who saved the draft last'),
  updated_at: isoTime.nullable(),
  live_version: z.number().int().nullable().describe('The number of the version live now; null before the first'),
  effective: z.record(z.string(), z.unknown()).describe('What the portal would make of `content` (over the defaults)'),
  contrast: z.array(contrastCheck).describe('The draft\'s colours against WCAG AA, computed on the server'),
}).strict().register(components, { id: 'CustomizationDraft' });
export type CustomizationDraft = z.output<typeof customizationDraftAnswer>;

export const customizationVersion = z.object({
  uid: z.string(),
  version: z.number().int(),
  author: z.string().nullable().describe('Who published it; null for what was live before versions were kept'),
  source: z.enum(['publish', 'put', 'rollback', 'baseline']).describe('publish: from the draft; put: the document or tab rules ' +
    'written directly; rollback: an earlier version again; baseline: what was live before versions were kept'),
  rolled_back_from: z.number().int().nullable(),
  live: z.boolean().describe('The version the portal shows now'),
  created_at: isoTime,
}).strict();
export type CustomizationVersion = z.output<typeof customizationVersion>;

export const customizationVersionListAnswer = z.object({
  results: z.array(customizationVersion).describe('Newest first, at most 50'),
}).strict().register(components, { id: 'CustomizationVersionList' });
export type CustomizationVersionList = z.output<typeof customizationVersionListAnswer>;

export const customizationPublishedAnswer = z.object({
  version: customizationVersion,
}).strict().register(components, { id: 'CustomizationPublished' });
export type CustomizationPublished = z.output<typeof customizationPublishedAnswer>;

/** The text field of the logo upload (multipart; the file is the `file` part). */
export const logoUploadFields = z.object({
  slot: z.enum(LOGO_SLOTS, { error: 'invalidField' }).describe('login, register, portal (the signed-in pages\' logo) or favicon'),
}).strict();

export const logoUploadForm = logoUploadFields.extend({
  file: filePart('The logo: PNG, JPEG or WebP up to 1 MB, or SVG up to 256 KB (sanitised)'),
});

/** Publishing and rolling back take no body (or `{}`). */
export const noFieldsBody = z.object({}).strict();
