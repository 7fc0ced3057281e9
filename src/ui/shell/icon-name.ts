// Which menu icon a tab's icon setting names (spec §2: shopping-cart, star, university, info; built-in
// tabs use src/lib/tabs.ts names). Company settings come from admin tools that may write the icon font's
// class ("fa fa-shopping-cart", "fa-info-circle") or another case; anything unknown gets the fallback.

const ALIASES: Record<string, string> = {
  cart: 'shopping-cart',
  'shopping-basket': 'shopping-cart',
  'info-circle': 'info',
  'star-o': 'star',
  'graduation-cap': 'university',
  'sign-out': 'logout',
  'log-out': 'logout',
};

export function iconName(raw: string | null | undefined, known: readonly string[], fallback: string): string {
  const words = (raw ?? '').trim().toLowerCase().replace(/_/g, '-').split(/\s+/).filter((w) => w && !/^fa[srbl]?$/.test(w));
  for (const word of words) {
    const bare = word.replace(/^(fa|icon|bi|mdi)-/, '');
    const name = ALIASES[bare] ?? bare;
    if (known.includes(name)) return name;
  }
  return fallback;
}
