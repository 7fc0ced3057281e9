// Times on the console's comms screens: date and time in the page language, in UTC (as the API answers them),
// said so, since staff of one company may sit in several time zones.

export function formatWhen(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
  } catch {
    return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  }
}
