import { RESERVED_USERNAMES } from './schemas/profile.ts';

// The username a new account starts with: its memorable URL (/{username}) reads as the person's name
// ("Zoë Łukasiewicz" -> /zoe-lukasiewicz) instead of the ambassador's opaque uid. The database picks
// the first free one of `base`, `base-2`, `base-3`, ... (src/api/auth/queries.ts), so a second
// "Ana Alpina" in the company becomes /ana-alpina-2.

/** Letters NFKD does not take apart into a Latin letter and accents. */
const LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'ng', ĸ: 'k',
  // Cyrillic (a simple, readable scheme; not a standard one letter for letter)
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi',
  й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ў: 'u', ф: 'f', х: 'kh',
  ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', ђ: 'dj', ј: 'j', љ: 'lj',
  њ: 'nj', ћ: 'c', џ: 'dz',
  // Greek
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x',
  ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

/** Room left for a "-NNNNN" suffix inside the 40 characters a username may have. */
const BASE_MAX = 32;

/** A name as URL-safe ASCII words joined by hyphens: lower case, accents dropped, other scripts left out. */
export function slugOfName(...parts: string[]): string {
  // Letters are looked up whole (й -> y) and again once accents are gone (ά -> α -> a).
  const letters = (text: string) => [...text].map((ch) => LETTERS[ch] ?? ch).join('');
  const ascii = letters(letters(parts.join(' ').normalize('NFC').toLowerCase()).normalize('NFKD').replace(/\p{M}/gu, ''));
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, BASE_MAX).replace(/-+$/, '');
}

/**
 * Where the search for a free username starts: the name's slug (else `fallback`, the personal share
 * code, when nothing of the name is left, e.g. a name written only in Chinese), and the first number
 * tried, 2 when the bare slug is a reserved path ("Help" -> help-2).
 */
export function usernameBase(firstName: string, lastName: string, fallback: string): { base: string; start: number } {
  const base = slugOfName(firstName, lastName) || slugOfName(fallback);
  return { base, start: RESERVED_USERNAMES.has(base) ? 2 : 1 };
}
