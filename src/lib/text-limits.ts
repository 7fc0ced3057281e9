import type { MessageKey } from './i18n/en.ts';

// The "too long" message of a text field names its limit (not "This field is invalid." for a
// 61-character first name, in a field that let you type 255). One message key per limit the forms use,
// so a schema's message stays a plain key that the API, the pages and the form script all translate.

export const MAX_CHARS = {
  20: 'maxChars20', 32: 'maxChars32', 60: 'maxChars60', 64: 'maxChars64', 100: 'maxChars100', 120: 'maxChars120',
  200: 'maxChars200', 255: 'maxChars255', 500: 'maxChars500', 2048: 'maxChars2048',
} as const satisfies Record<number, MessageKey>;

export type MaxCharsLimit = keyof typeof MAX_CHARS;

/** The message key of "At most {n} characters." for a limit of the table. */
export const maxCharsKey = (max: MaxCharsLimit): MessageKey => MAX_CHARS[max];
