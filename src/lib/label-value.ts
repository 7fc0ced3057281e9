// "Label: value" in the reader's language: French sets a colon apart from the word before it
// with a no-break space ("Taille : 0,4 ko"), the other languages of the catalogue do not. One home for every
// label joined to its value in code (e-mails, chips, the password meter, a chart's tooltip, screen-reader
// text), small enough for the browser scripts that need it; catalogue sentences carry their own colons.

/** The colon and space after a label in `lang` (a catalogue code such as "fr-CA"). */
export const colonFor = (lang: string | null | undefined): string => (lang === 'fr' || lang?.startsWith('fr-') ? '\u00a0: ' : ': ');

/** `label` then `value`, joined as `lang` writes it: "Size: 15.5 kB", "Taille : 0,4 ko". */
export const labelValue = (lang: string | null | undefined, label: string, value: string): string => `${label}${colonFor(lang)}${value}`;

/** `label` and its colon, for markup that sets the value apart itself: "Size:", "Taille :". */
export const labelColon = (lang: string | null | undefined, label: string): string => `${label}${colonFor(lang).trimEnd()}`;
