// Text that a mail program or a reader could take for a link or an address: what e-mails never carry
// from text someone else typed (a first name registered with another person's e-mail), and what a name
// may not be. Pure, so the registration form's script runs the same rule as the API.

/** Dots a host name may be written with (IDNA maps them to "."): ideographic, fullwidth, halfwidth. */
const DOTS = /[\u3002\uff0e\uff61]/g;
/** Invisible format characters (zero-width space and joiners, bidi marks) that could split a link in two. */
const INVISIBLE = /\p{Cf}/gu;

const SHAPES: RegExp[] = [
  // A scheme: https://, ftp://, //host, mailto:, javascript:, data:, tel:, sms:, file:.
  /(?:^|[^\p{L}\p{N}])(?:[a-z][a-z0-9+.-]*:)?\/\//iu,
  /(?:^|[^\p{L}\p{N}])(?:https?|mailto|javascript|vbscript|data|tel|sms|file|ftp|ssh|news|irc|tg|whatsapp):/iu,
  // www.anything
  /(?:^|[^\p{L}\p{N}])www\d{0,3}\./iu,
  // A domain-like token: labels joined by dots, the last of two letters or more (evil.example,
  // paypal.com-secure.help, bücher.example, xn--nxasmq6b.example), also after an "@" (an e-mail address).
  /(?:^|[^\p{L}\p{N}_-])[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?)*\.(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})(?![\p{L}\p{N}_-])/iu,
  // An IPv4 address.
  /(?:^|[^\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}.])/u,
];

/** The text as a mail program reads it: compatibility forms folded (fullwidth letters, dots), invisible characters gone. */
function asRead(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(DOTS, '.');
}

/** Whether `text` holds a link, a web or e-mail address or something a reader could take for one. */
export function hasUrlShape(text: string): boolean {
  if (!text) return false;
  const read = asRead(text);
  return SHAPES.some((shape) => shape.test(read));
}
