import { ClientError } from '../../edge/client/core';
import { currencyMinorDigits } from '../../lib/format';
import type { MessageKey } from '../../lib/i18n';

// The profile's adjustment forms: the amount and reason as typed, checked before the API is called so the
// message names the field in the page language ("a whole number other than 0"), then the API checks again.

const refuse = (fields: Record<string, MessageKey>): never => {
  throw new ClientError(400, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])));
};

/** A reason: required, at most 255 characters. */
export function readReason(form: FormData, field: string): string {
  const reason = String(form.get(field) ?? '').trim();
  if (!reason) refuse({ [field]: 'console.ambassadors.reasonRequired' });
  if (reason.length > 255) refuse({ [field]: 'maxChars255' });
  return reason;
}

/** Points: a whole number other than 0, + or -, at most a billion either way. */
export function readPoints(form: FormData, field: string): number {
  const text = String(form.get(field) ?? '').trim().replace(/^\+/, '');
  const n = /^-?\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n === 0 || Math.abs(n) > 1_000_000_000) refuse({ [field]: 'console.ambassadors.pointsInvalid' });
  return n;
}

/**
 * Cash as typed in the company currency ("12.50", "-3", "12,50") to signed minor units: not 0, no more
 * decimals than the currency has, at most 10 000 000 units either way.
 */
export function readCash(form: FormData, field: string, currency: string): number {
  const digits = currencyMinorDigits(currency);
  const text = String(form.get(field) ?? '').trim().replace(/^\+/, '').replace(',', '.');
  const m = /^(-?)(\d{1,8})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[3] ?? '').length > digits) return refuse({ [field]: 'console.ambassadors.amountInvalid' });
  const minor = Number(m[2]) * 10 ** digits + Number((m[3] ?? '').padEnd(digits, '0') || '0');
  if (minor === 0 || minor > 1_000_000_000) refuse({ [field]: 'console.ambassadors.amountInvalid' });
  return m[1] ? -minor : minor;
}
