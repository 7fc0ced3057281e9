// The console's texts for ambassadors (/console/ambassadors). `en` names the keys; the base languages
// give every key (the type says so), the regional variants only what differs from their base.

export const en = {
} as const;

type Texts = Record<keyof typeof en, string>;

export const de: Texts = {
};

export const es: Texts = {
};

export const fr: Texts = {
};

export const it: Texts = {
};

export const nl: Texts = {
};

export const pl: Texts = {
};

export const pt: Texts = {
};

export const es419: Partial<Texts> = {
};

export const esMX: Partial<Texts> = {
};

export const frCA: Partial<Texts> = {
};
