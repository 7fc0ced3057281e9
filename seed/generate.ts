// Writes seed/demo.sql (the demo tenants loaded by `npm start` and the worker tests) and the demo
// files under seed/assets/. Run: `npx node seed/generate.ts`. Output is deterministic: a fixed
// pseudo-random seed, dates relative to the time of loading, and password hashes reused from the
// previous seed/demo.sql when they still verify (so the file only changes when this script does).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword, verifyPassword } from '../src/api/auth/password-hash.ts';
import { customizationSchema } from '../src/lib/schemas/customization.ts';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../src/lib/languages.ts';
import {
  avatarPng, bannerPng, bannerSvg, cardSvg, faviconSvg, logoSvg, medalSvg, pdf, silentMp3, zip,
} from './lib/files.ts';
import { tinyMp4 } from './lib/mp4.ts';
import { ago, insert, json, lit, prng, raw, type Row, type Value } from './lib/sql.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const OUT_SQL = path.join(here, 'demo.sql');
const ASSETS = path.join(here, 'assets');
const R2_DIR = path.join(ASSETS, 'r2');
// Demo brand images are served as static files: the generator writes them straight into public/brand.
const PUBLIC_DIR = path.join(root, 'public');

export const DEMO_PASSWORD = 'Password1!';
const COMPANIES = ['demo', 'acme', 'globex'] as const;
type CompanyId = (typeof COMPANIES)[number];
/**
 * Operator API keys (Authorization: Bearer ...), one per demo company. LOCAL DEMO KEYS: they are public in
 * this repository, so they must never exist on a deployed portal.
 */
export const OPERATOR_KEYS: Record<CompanyId, string> = {
  demo: 'opk_demo_local_only_demo_7f3a9c2e51b84d06',
  acme: 'opk_demo_local_only_acme_2b8e4f1a97c35d60',
  globex: 'opk_demo_local_only_globex_5d1c8a3f0e6b4927',
};
/**
 * The console's staff of Demo Co and Acme Outdoor: one per role, password DEMO_PASSWORD. Owners and admins
 * have a TOTP second factor with a fixed secret (demo only; README lists them); the others have none, and
 * since both companies require a second factor (the default), they are asked to enrol one on sign-in.
 */
export const STAFF_ROLES = ['owner', 'admin', 'reviewer', 'finance', 'viewer'] as const;
export const STAFF_TOTP_SECRETS: Record<string, string> = {
  'owner@demo.test': 'DEMOOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@demo.test': 'DEMOADMINTOTPDEMOSECRETONLYAAAAA',
  'owner@acme.test': 'ACMEOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@acme.test': 'ACMEADMINTOTPDEMOSECRETONLYAAAAA',
};
/** The staff's names: plain people's names, as a console shows them ("Signed in as Olivia Bennett (Owner)"). */
const STAFF_NAMES: Record<'demo' | 'acme', Record<(typeof STAFF_ROLES)[number], string>> = {
  demo: { owner: 'Olivia Bennett', admin: 'Marcus Reed', reviewer: 'Priya Shah', finance: 'Daniel Okafor', viewer: 'Hannah Weber' },
  acme: { owner: 'Lucía Herrera', admin: 'Tomás Ortega', reviewer: 'Carmen Ruiz', finance: 'Javier Molina', viewer: 'Elena Navarro' },
};
const STAFF = (['demo', 'acme'] as const).flatMap((company) => STAFF_ROLES.map((role) => ({
  company, role, email: `${role}@${company}.test`, uid: `stf-${company}-${role}`, name: STAFF_NAMES[company][role],
})));
const HOSTS: Record<string, CompanyId> = {
  localhost: 'demo',
  'demo.localhost': 'demo',
  'acme.localhost': 'acme',
  'globex.localhost': 'globex',
};
const CURRENCY: Record<CompanyId, string> = { demo: 'USD', acme: 'EUR', globex: 'USD' };

const rnd = prng(20240917);
const sections: string[] = [];
const section = (title: string, sql: string) => sections.push(`-- ${title}\n${sql}`);

// ---------------------------------------------------------------------------------------------------
// Files: R2 objects (avatars, assets) and public brand images
// ---------------------------------------------------------------------------------------------------

const r2Files: { key: string; content_type: string; size_bytes: number }[] = [];
function r2(key: string, contentType: string, body: Buffer | string): number {
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const file = path.join(R2_DIR, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  r2Files.push({ key, content_type: contentType, size_bytes: data.length });
  return data.length;
}
function publicFile(rel: string, body: string): string {
  const file = path.join(PUBLIC_DIR, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  return `/${rel}`;
}

rmSync(R2_DIR, { recursive: true, force: true });
rmSync(path.join(PUBLIC_DIR, 'brand'), { recursive: true, force: true });

const BRAND = {
  demo: { name: 'Demo Co', primary: '#1f6feb', accent: '#79c0ff', dark: '#0b3d91', text: '#1f2328' },
  acme: { name: 'Acme Outdoor', primary: '#1b5e20', accent: '#ef6c00', dark: '#0d2b10', text: '#1b5e20' },
  globex: { name: 'Globex', primary: '#6a1b9a', accent: '#ffca28', dark: '#38006b', text: '#38006b' },
} as const;

const brand: Record<CompanyId, { logo: string; favicon: string; banner: string }> = {} as never;
for (const id of COMPANIES) {
  const b = BRAND[id];
  brand[id] = {
    logo: publicFile(`brand/${id}/logo.svg`, logoSvg(b.name, b.primary, b.text, b.accent)),
    favicon: publicFile(`brand/${id}/favicon.svg`, faviconSvg(b.name[0]!, b.primary, b.accent)),
    banner: publicFile(`brand/${id}/banner.svg`, bannerSvg(b.name, b.primary, b.dark)),
  };
}
// The Summit Club campaign's own logo and favicon (acme's campaign-level customization override).
const acmeSummitBrand = {
  logo: publicFile('brand/acme/summit-logo.svg', logoSvg('Acme Summit Club', '#01579b', '#01579b', '#4fc3f7')),
  favicon: publicFile('brand/acme/summit-favicon.svg', faviconSvg('S', '#01579b', '#4fc3f7')),
};

// ---------------------------------------------------------------------------------------------------
// Companies, hosts, groups, languages
// ---------------------------------------------------------------------------------------------------

const companies: Row[] = [
  {
    id: 'demo', name: 'Demo Co', currency: 'USD', admin3_access: 0,
    loyalty_tier_stat_metric: 'rewards_points_fulfilled_amount', localize_project_id: null, point_name: 'points',
    ambassador_state_type: 'select',
    ambassador_state_choices: json([
      { name: 'California', value: 'CA' }, { name: 'New York', value: 'NY' }, { name: 'Texas', value: 'TX' },
      { name: 'Washington', value: 'WA' }, { name: 'Other', value: 'OTHER' },
    ]),
    payout_preference_options: json({ 1: 'PayPal', 2: 'Dwolla', 0: 'Manual' }),
    recaptcha_enabled: 0, support_email: 'support@demo.test', sso_secret: null, portal_uid: 'demo-portal',
    created_at: ago(540),
  },
  {
    id: 'acme', name: 'Acme Outdoor', currency: 'EUR', admin3_access: 1,
    loyalty_tier_stat_metric: 'referrals', localize_project_id: null, point_name: 'Acme Coins',
    ambassador_state_type: null, ambassador_state_choices: json([]),
    payout_preference_options: json({ 1: 'PayPal', 0: 'Manual' }),
    recaptcha_enabled: 0, support_email: 'crew@acme.test', sso_secret: 'acme-sso-dev-secret-change-me',
    portal_uid: 'acme-portal', created_at: ago(520),
  },
  {
    id: 'globex', name: 'Globex', currency: 'USD', admin3_access: 0,
    loyalty_tier_stat_metric: 'rewards_points_fulfilled_amount', localize_project_id: null, point_name: 'point(s)',
    ambassador_state_type: null, ambassador_state_choices: json([]),
    payout_preference_options: json({ 1: 'PayPal', 0: 'Manual' }),
    recaptcha_enabled: 0, support_email: 'partners@globex.test', sso_secret: null, portal_uid: 'globex-portal',
    created_at: ago(500),
  },
];

const groups: Row[] = [
  { id: 1, uid: 'grp-demo-creators', company_id: 'demo', name: 'Creators' },
  { id: 2, uid: 'grp-demo-customers', company_id: 'demo', name: 'Loyal customers' },
  { id: 3, uid: 'grp-acme-guides', company_id: 'acme', name: 'Guías de montaña' },
  { id: 4, uid: 'grp-acme-athletes', company_id: 'acme', name: 'Deportistas' },
];

// Every language of spec §9 is selectable on both demo tenants (issue 11); globex keeps English only.
const languages: Row[] = [
  ...(['demo', 'acme'] as const).flatMap((company_id) =>
    SUPPORTED_LANGUAGES.map((code) => ({ company_id, code, name: LANGUAGE_NAMES[code], status: 'active' }))),
  { company_id: 'globex', code: 'en', name: 'English', status: 'active' },
];

// ---------------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------------

interface Campaign {
  id: number; uid: string; company: CompanyId; slug: string; name: string; description: string;
  active: boolean; hidden: boolean; url: string; allowed_hosts: string[]; native_message: string;
  logo: string | null; bps: number; created: number;
  /** Commission rule (0003_operator): percentage of revenue (bps) or a fixed amount; monetary or store credit; points. */
  rule?: { type: 'percentage' | 'fixed'; fixed?: number; monetary?: boolean; points?: number };
  /** Name, description and share message in the company's other languages (issue 21, migration 0024). */
  translations?: Record<string, { name?: string; description?: string; native_message?: string }>;
}
const campaigns: Campaign[] = [
  {
    id: 101, uid: 'cmp-demo-summer', company: 'demo', slug: 'summer', name: 'Summer Referral Program',
    description: 'Give friends 20% off their first summer order and earn 10% of every order they place.',
    active: true, hidden: false, url: 'https://shop.demo.test/summer', allowed_hosts: ['shop.demo.test', 'blog.demo.test'],
    native_message: 'Summer is here! Get 20% off your first Demo Co order with my link.',
    logo: null, bps: 1000, created: 470, rule: { type: 'percentage', points: 100 },
    translations: {
      es: {
        name: 'Programa de referidos de verano',
        description: 'Regala a tus amigos un 20 % de descuento en su primer pedido de verano y gana un 10 % de cada pedido que hagan.',
        native_message: '¡Llegó el verano! Consigue un 20 % de descuento en tu primer pedido de Demo Co con mi enlace.',
      },
      fr: {
        name: 'Programme de parrainage d’été',
        description: 'Offrez à vos amis 20 % de réduction sur leur première commande d’été et gagnez 10 % de chacune de leurs commandes.',
        native_message: 'L’été est là ! Profitez de 20 % de réduction sur votre première commande Demo Co avec mon lien.',
      },
    },
  },
  {
    id: 102, uid: 'cmp-demo-main', company: 'demo', slug: 'main', name: 'Refer a Friend',
    description: 'Our year-round program: your friends save, you earn a commission on every order.',
    active: true, hidden: false, url: 'https://shop.demo.test/welcome', allowed_hosts: ['shop.demo.test'],
    native_message: 'I love Demo Co - here is a discount for your first order.',
    logo: null, bps: 1000, created: 500, rule: { type: 'percentage', points: 50 },
    translations: {
      es: {
        name: 'Recomienda a un amigo',
        description: 'Nuestro programa de todo el año: tus amigos ahorran y tú ganas una comisión por cada pedido.',
        native_message: 'Me encanta Demo Co: aquí tienes un descuento para tu primer pedido.',
      },
      fr: {
        name: 'Parrainez un ami',
        description: 'Notre programme toute l’année : vos amis économisent, vous gagnez une commission sur chaque commande.',
        native_message: 'J’adore Demo Co : voici une réduction pour votre première commande.',
      },
    },
  },
  {
    id: 103, uid: 'cmp-demo-vip', company: 'demo', slug: 'vip', name: 'VIP Insiders',
    description: 'Invite-only perks for our top creators. Rewards are store credit, not cash.',
    active: true, hidden: true, url: 'https://shop.demo.test/vip', allowed_hosts: ['shop.demo.test'],
    native_message: 'Join me in the Demo Co VIP Insiders club.',
    logo: null, bps: 1500, created: 430, rule: { type: 'fixed', fixed: 1500, monetary: false },
    translations: {
      es: {
        description: 'Ventajas solo por invitación para nuestros mejores creadores. Las recompensas son crédito en tienda, no dinero.',
        native_message: 'Únete conmigo al club VIP Insiders de Demo Co.',
      },
      fr: {
        description: 'Des avantages sur invitation pour nos meilleurs créateurs. Les récompenses sont des avoirs, pas de l’argent.',
        native_message: 'Rejoignez-moi dans le club VIP Insiders de Demo Co.',
      },
    },
  },
  {
    id: 104, uid: 'cmp-demo-winter', company: 'demo', slug: 'winter', name: 'Winter Launch',
    description: 'Last winter\'s launch campaign. It has ended.',
    active: false, hidden: false, url: 'https://shop.demo.test/winter', allowed_hosts: [],
    native_message: 'Demo Co winter collection: 15% off with my link.',
    logo: null, bps: 800, created: 480,
    translations: {
      es: { name: 'Lanzamiento de invierno', description: 'La campaña de lanzamiento del invierno pasado. Ya terminó.' },
      fr: { name: 'Lancement d’hiver', description: 'La campagne de lancement de l’hiver dernier. Elle est terminée.' },
    },
  },
  {
    id: 201, uid: 'cmp-acme-trail', company: 'acme', slug: 'trail', name: 'Trail Crew',
    description: 'Comparte tu material favorito de Acme. Tus amigos tienen un 10 % de descuento y tú ganas un 8 % y Acme Coins.',
    active: true, hidden: false, url: 'https://www.acme-outdoor.test/trail', allowed_hosts: ['www.acme-outdoor.test', 'blog.acme-outdoor.test'],
    native_message: '¿Sales a la montaña? Consigue un 10 % de descuento en material de Acme Outdoor con mi enlace.',
    logo: brand.acme.logo, bps: 800, created: 450, rule: { type: 'percentage', points: 100 },
    translations: {
      en: {
        description: 'Share your favourite Acme gear. Your friends get 10% off, you earn 8% and Acme Coins.',
        native_message: 'Heading for the mountains? Get 10% off Acme Outdoor gear with my link.',
      },
      fr: {
        name: 'Équipe Trail',
        description: 'Partagez votre matériel Acme préféré. Vos amis ont 10 % de réduction, vous gagnez 8 % et des Acme Coins.',
        native_message: 'Vous partez en montagne ? 10 % de réduction sur le matériel Acme Outdoor avec mon lien.',
      },
    },
  },
  {
    id: 202, uid: 'cmp-acme-summit', company: 'acme', slug: 'summit', name: 'Summit Club',
    description: 'Para montañeros: recomienda material de escalada y sube por los niveles del Summit Club.',
    active: true, hidden: false, url: 'https://www.acme-outdoor.test/summit', allowed_hosts: ['www.acme-outdoor.test'],
    native_message: 'Apunta más alto con Acme Outdoor: un 10 % de descuento en material de escalada con mi enlace.',
    logo: null, bps: 800, created: 420, rule: { type: 'fixed', fixed: 2500 },
    translations: {
      en: {
        description: 'For mountaineers: recommend climbing gear and rise through the Summit Club levels.',
        native_message: 'Aim higher with Acme Outdoor: 10% off climbing gear with my link.',
      },
      fr: {
        name: 'Club Sommet',
        description: 'Pour les alpinistes : recommandez du matériel d’escalade et gravissez les niveaux du Club Sommet.',
        native_message: 'Visez plus haut avec Acme Outdoor : 10 % de réduction sur le matériel d’escalade avec mon lien.',
      },
    },
  },
  {
    id: 301, uid: 'cmp-globex-main', company: 'globex', slug: 'main', name: 'Globex Partners',
    description: 'Refer businesses to Globex.', active: true, hidden: false, url: 'https://www.globex.test/partners',
    allowed_hosts: [], native_message: 'Try Globex with my partner link.', logo: null, bps: 1000, created: 400,
  },
];
// The rows' texts in the other base languages the portal offers (German, Italian, Dutch, Polish, Portuguese),
// laid over the Spanish, English and French ones written beside each row: a page in any of them reads the
// company's own words. Campaigns take theirs here; tasks, rewards, tiers and badges with `rowTexts` below.
const otherLanguageTexts: Record<string, Record<string, Record<string, string>>> = {
  'cmp-demo-summer': {
    de: { name: 'Sommer-Empfehlungsprogramm', description: 'Schenken Sie Ihren Freunden 20 % Rabatt auf ihre erste Sommerbestellung und verdienen Sie 10 % jeder ihrer Bestellungen.', native_message: 'Der Sommer ist da! Mit meinem Link erhalten Sie 20 % Rabatt auf Ihre erste Bestellung bei Demo Co.' },
    it: { name: 'Programma referral estivo', description: 'Regala ai tuoi amici il 20 % di sconto sul primo ordine estivo e guadagna il 10 % di ogni loro ordine.', native_message: 'L’estate è arrivata! Con il mio link hai il 20 % di sconto sul tuo primo ordine Demo Co.' },
    nl: { name: 'Zomer-doorverwijsprogramma', description: 'Geef je vrienden 20% korting op hun eerste zomerbestelling en verdien 10% van elke bestelling die ze plaatsen.', native_message: 'De zomer is er! Met mijn link krijg je 20% korting op je eerste bestelling bij Demo Co.' },
    pl: { name: 'Letni program poleceń', description: 'Daj znajomym 20% rabatu na pierwsze letnie zamówienie i zarabiaj 10% od każdego ich zamówienia.', native_message: 'Lato już jest! Z moim linkiem dostaniesz 20% rabatu na pierwsze zamówienie w Demo Co.' },
    pt: { name: 'Programa de indicações de verão', description: 'Ofereça aos seus amigos 20% de desconto na primeira encomenda de verão e ganhe 10% de cada encomenda que fizerem.', native_message: 'O verão chegou! Com o meu link tem 20% de desconto na primeira encomenda na Demo Co.' },
  },
  'cmp-demo-main': {
    de: { name: 'Freunde werben', description: 'Unser ganzjähriges Programm: Ihre Freunde sparen, Sie verdienen eine Provision auf jede Bestellung.', native_message: 'Ich liebe Demo Co – hier ist ein Rabatt für Ihre erste Bestellung.' },
    it: { name: 'Invita un amico', description: 'Il nostro programma di tutto l’anno: i tuoi amici risparmiano, tu guadagni una commissione su ogni ordine.', native_message: 'Adoro Demo Co: ecco uno sconto per il tuo primo ordine.' },
    nl: { name: 'Verwijs een vriend', description: 'Ons programma voor het hele jaar: je vrienden besparen, jij verdient commissie op elke bestelling.', native_message: 'Ik ben fan van Demo Co – hier is korting op je eerste bestelling.' },
    pl: { name: 'Poleć znajomego', description: 'Nasz całoroczny program: Twoi znajomi oszczędzają, a Ty zarabiasz prowizję od każdego zamówienia.', native_message: 'Uwielbiam Demo Co – oto rabat na Twoje pierwsze zamówienie.' },
    pt: { name: 'Indique um amigo', description: 'O nosso programa de todo o ano: os seus amigos poupam e você ganha uma comissão em cada encomenda.', native_message: 'Adoro a Demo Co – aqui tem um desconto para a sua primeira encomenda.' },
  },
  'cmp-demo-vip': {
    de: { description: 'Vorteile nur auf Einladung für unsere besten Creator. Prämien sind Guthaben im Shop, kein Bargeld.', native_message: 'Werden Sie mit mir Mitglied im VIP-Insiders-Club von Demo Co.' },
    it: { description: 'Vantaggi solo su invito per i nostri migliori creator. I premi sono credito in negozio, non denaro.', native_message: 'Unisciti a me nel club VIP Insiders di Demo Co.' },
    nl: { description: 'Voordelen alleen op uitnodiging voor onze beste creators. Beloningen zijn winkeltegoed, geen geld.', native_message: 'Word samen met mij lid van de VIP Insiders-club van Demo Co.' },
    pl: { description: 'Korzyści tylko na zaproszenie dla naszych najlepszych twórców. Nagrody to kredyt w sklepie, nie gotówka.', native_message: 'Dołącz ze mną do klubu VIP Insiders Demo Co.' },
    pt: { description: 'Vantagens só por convite para os nossos melhores criadores. As recompensas são crédito na loja, não dinheiro.', native_message: 'Junte-se a mim no clube VIP Insiders da Demo Co.' },
  },
  'cmp-demo-winter': {
    de: { name: 'Winter-Launch', description: 'Die Launch-Kampagne des letzten Winters. Sie ist beendet.' },
    it: { name: 'Lancio invernale', description: 'La campagna di lancio dello scorso inverno. È terminata.' },
    nl: { name: 'Winterlancering', description: 'De lanceringscampagne van afgelopen winter. Die is afgelopen.' },
    pl: { name: 'Zimowa premiera', description: 'Kampania premierowa z zeszłej zimy. Już się zakończyła.' },
    pt: { name: 'Lançamento de inverno', description: 'A campanha de lançamento do inverno passado. Já terminou.' },
  },
  'cmp-acme-trail': {
    de: { description: 'Teilen Sie Ihre Lieblingsausrüstung von Acme. Ihre Freunde erhalten 10 % Rabatt, Sie verdienen 8 % und Acme Coins.', native_message: 'Auf in die Berge? Mit meinem Link erhalten Sie 10 % Rabatt auf Ausrüstung von Acme Outdoor.' },
    it: { description: 'Condividi la tua attrezzatura Acme preferita. I tuoi amici hanno il 10 % di sconto, tu guadagni l’8 % e Acme Coins.', native_message: 'Vai in montagna? Con il mio link hai il 10 % di sconto sull’attrezzatura Acme Outdoor.' },
    nl: { description: 'Deel je favoriete uitrusting van Acme. Je vrienden krijgen 10% korting, jij verdient 8% en Acme Coins.', native_message: 'Op weg naar de bergen? Met mijn link krijg je 10% korting op uitrusting van Acme Outdoor.' },
    pl: { description: 'Polecaj swój ulubiony sprzęt Acme. Twoi znajomi dostają 10% rabatu, a Ty zarabiasz 8% i Acme Coins.', native_message: 'Wybierasz się w góry? Z moim linkiem dostaniesz 10% rabatu na sprzęt Acme Outdoor.' },
    pt: { description: 'Partilhe o seu equipamento Acme preferido. Os seus amigos têm 10% de desconto e você ganha 8% e Acme Coins.', native_message: 'Vai para a montanha? Com o meu link tem 10% de desconto em equipamento Acme Outdoor.' },
  },
  'cmp-acme-summit': {
    de: { description: 'Für Bergsteiger: Empfehlen Sie Kletterausrüstung und steigen Sie durch die Stufen des Summit Club auf.', native_message: 'Höher hinaus mit Acme Outdoor: 10 % Rabatt auf Kletterausrüstung mit meinem Link.' },
    it: { description: 'Per alpinisti: consiglia attrezzatura da arrampicata e sali i livelli del Summit Club.', native_message: 'Punta più in alto con Acme Outdoor: 10 % di sconto sull’attrezzatura da arrampicata con il mio link.' },
    nl: { description: 'Voor bergbeklimmers: raad klimuitrusting aan en stijg door de niveaus van de Summit Club.', native_message: 'Mik hoger met Acme Outdoor: 10% korting op klimuitrusting met mijn link.' },
    pl: { description: 'Dla wspinaczy: polecaj sprzęt wspinaczkowy i awansuj na kolejne poziomy Summit Club.', native_message: 'Mierz wyżej z Acme Outdoor: 10% rabatu na sprzęt wspinaczkowy z moim linkiem.' },
    pt: { description: 'Para montanhistas: recomende equipamento de escalada e suba pelos níveis do Summit Club.', native_message: 'Aponte mais alto com a Acme Outdoor: 10% de desconto em equipamento de escalada com o meu link.' },
  },
  'task-demo-profile': {
    de: { name: 'Vervollständigen Sie Ihr Profil', description: 'Fügen Sie Ihre Telefonnummer, Ihre Adresse und Ihre T-Shirt-Größe hinzu.' },
    it: { name: 'Completa il tuo profilo', description: 'Aggiungi telefono, indirizzo e taglia della maglietta.' },
    nl: { name: 'Maak je profiel compleet', description: 'Voeg je telefoonnummer, adres en T-shirtmaat toe.' },
    pl: { name: 'Uzupełnij swój profil', description: 'Dodaj telefon, adres i rozmiar koszulki.' },
    pt: { name: 'Complete o seu perfil', description: 'Adicione o seu telefone, a sua morada e o tamanho da sua t-shirt.' },
  },
  'task-demo-instagram': {
    de: { name: 'Folgen Sie Demo Co auf Instagram', description: 'Verpassen Sie keine Neuheiten.' },
    it: { name: 'Segui Demo Co su Instagram', description: 'Resta aggiornato sulle novità.' },
    nl: { name: 'Volg Demo Co op Instagram', description: 'Blijf op de hoogte van nieuwe producten.' },
    pl: { name: 'Obserwuj Demo Co na Instagramie', description: 'Bądź na bieżąco z nowościami.' },
    pt: { name: 'Siga a Demo Co no Instagram', description: 'Fique a par das novidades.' },
  },
  'task-demo-facebook': {
    de: { name: 'Teilen Sie Ihren Link auf Facebook', description: 'Posten Sie Ihren Empfehlungslink in Ihrer Chronik.' },
    it: { name: 'Condividi il tuo link su Facebook', description: 'Pubblica il tuo link referral sul tuo diario.' },
    nl: { name: 'Deel je link op Facebook', description: 'Plaats je doorverwijslink op je tijdlijn.' },
    pl: { name: 'Udostępnij swój link na Facebooku', description: 'Opublikuj swój link polecający na swojej osi czasu.' },
    pt: { name: 'Partilhe o seu link no Facebook', description: 'Publique o seu link de indicação na sua cronologia.' },
  },
  'task-demo-review': {
    de: { name: 'Bewerten Sie ein Sommerprodukt', description: 'Schreiben Sie eine kurze Bewertung eines Produkts, das Sie lieben.' },
    it: { name: 'Recensisci un prodotto estivo', description: 'Scrivi una breve recensione di un prodotto che ami.' },
    nl: { name: 'Beoordeel een zomerproduct', description: 'Schrijf een korte recensie van een product waar je van houdt.' },
    pl: { name: 'Zrecenzuj letni produkt', description: 'Napisz krótką recenzję produktu, który kochasz.' },
    pt: { name: 'Avalie um produto de verão', description: 'Escreva uma avaliação curta de um produto de que gosta.' },
  },
  'task-acme-profile': {
    de: { name: 'Vervollständigen Sie Ihr Teamprofil', description: 'Erzählen Sie uns, wo Sie unterwegs sind.' },
    it: { name: 'Completa il tuo profilo nel team', description: 'Raccontaci dove vai in esplorazione.' },
    nl: { name: 'Maak je teamprofiel compleet', description: 'Vertel ons waar je op ontdekking gaat.' },
    pl: { name: 'Uzupełnij swój profil w ekipie', description: 'Napisz nam, dokąd wyruszasz na wyprawy.' },
    pt: { name: 'Complete o seu perfil na equipa', description: 'Conte-nos por onde anda a explorar.' },
  },
  'task-acme-strava': {
    de: { name: 'Treten Sie unserem Strava-Club bei', description: 'Tragen Sie Ihre Bergläufe mit dem Team ein.' },
    it: { name: 'Unisciti al nostro club Strava', description: 'Registra le tue corse in montagna con il team.' },
    nl: { name: 'Word lid van onze Strava-club', description: 'Houd je bergloopjes bij met het team.' },
    pl: { name: 'Dołącz do naszego klubu na Stravie', description: 'Zapisuj swoje biegi górskie razem z ekipą.' },
    pt: { name: 'Junte-se ao nosso clube no Strava', description: 'Registe as suas corridas de montanha com a equipa.' },
  },
  'task-acme-photo': {
    de: { name: 'Posten Sie ein Foto aus den Bergen', description: 'Markieren Sie @acmeoutdoor auf einem Foto Ihrer Route.' },
    it: { name: 'Pubblica una foto in montagna', description: 'Tagga @acmeoutdoor in una foto del tuo percorso.' },
    nl: { name: 'Plaats een foto in de bergen', description: 'Tag @acmeoutdoor in een foto van je route.' },
    pl: { name: 'Opublikuj zdjęcie z gór', description: 'Oznacz @acmeoutdoor na zdjęciu ze swojej trasy.' },
    pt: { name: 'Publique uma foto na montanha', description: 'Identifique @acmeoutdoor numa foto do seu percurso.' },
  },
  'rwd-demo-amazon': {
    de: { name: 'Amazon.com-Geschenkkarte' },
    it: { name: 'Carta regalo Amazon.com' },
    nl: { name: 'Amazon.com-cadeaukaart' },
    pl: { name: 'Karta podarunkowa Amazon.com' },
    pt: { name: 'Cartão-presente Amazon.com' },
  },
  'rwd-demo-hoodie': {
    de: { name: 'Demo-Co-Hoodie', brand_description: 'Unser Botschafter-Hoodie aus Bio-Baumwolle, an die Adresse in Ihrem Profil geschickt.' },
    it: { name: 'Felpa Demo Co', brand_description: 'La nostra felpa da ambassador in cotone biologico, spedita all’indirizzo del tuo profilo.' },
    nl: { name: 'Demo Co-hoodie', brand_description: 'Onze ambassadeurshoodie van biologisch katoen, verzonden naar het adres in je profiel.' },
    pl: { name: 'Bluza Demo Co', brand_description: 'Nasza bluza ambasadorska z bawełny organicznej, wysyłana na adres z Twojego profilu.' },
    pt: { name: 'Camisola com capuz Demo Co', brand_description: 'A nossa camisola de embaixador em algodão orgânico, enviada para a morada do seu perfil.' },
  },
  'rwd-demo-voucher': {
    de: { name: '20 % Rabatt auf Ihre nächste Bestellung', brand_description: 'Ein einmaliger Code für 20 % Rabatt auf shop.demo.test.', disclaimer: '90 Tage gültig.' },
    it: { name: '20 % di sconto sul tuo prossimo ordine', brand_description: 'Un codice monouso per il 20 % di sconto su shop.demo.test.', disclaimer: 'Valido 90 giorni.' },
    nl: { name: '20% korting op je volgende bestelling', brand_description: 'Een eenmalige code voor 20% korting op shop.demo.test.', disclaimer: '90 dagen geldig.' },
    pl: { name: '20% rabatu na następne zamówienie', brand_description: 'Jednorazowy kod na 20% rabatu w shop.demo.test.', disclaimer: 'Ważny przez 90 dni.' },
    pt: { name: '20% de desconto na sua próxima encomenda', brand_description: 'Um código de utilização única com 20% de desconto em shop.demo.test.', disclaimer: 'Válido durante 90 dias.' },
  },
  'rwd-acme-store-credit': {
    de: { name: 'Acme-Guthaben im Shop', brand_description: 'Guthaben für jeden Einkauf auf acme-outdoor.test.' },
    it: { name: 'Credito nel negozio Acme', brand_description: 'Credito per qualsiasi acquisto su acme-outdoor.test.' },
    nl: { name: 'Acme-winkeltegoed', brand_description: 'Tegoed voor elke aankoop op acme-outdoor.test.' },
    pl: { name: 'Kredyt w sklepie Acme', brand_description: 'Kredyt na dowolny zakup w acme-outdoor.test.' },
    pt: { name: 'Crédito na loja Acme', brand_description: 'Crédito para qualquer compra em acme-outdoor.test.' },
  },
  'rwd-acme-sport-card': {
    de: { name: 'Geschenkkarte für Sportgeschäfte', brand_description: 'Gültig in Sportgeschäften in ganz Europa.', disclaimer: 'Ausgegeben von unserem Geschenkkartenpartner.' },
    it: { name: 'Carta regalo per negozi di sport', brand_description: 'Valida nei negozi di sport in tutta Europa.', disclaimer: 'Emessa dal nostro partner per le carte regalo.' },
    nl: { name: 'Cadeaukaart voor sportwinkels', brand_description: 'Geldig in sportwinkels in heel Europa.', disclaimer: 'Uitgegeven door onze cadeaukaartpartner.' },
    pl: { name: 'Karta podarunkowa do sklepów sportowych', brand_description: 'Ważna w sklepach sportowych w całej Europie.', disclaimer: 'Wydawana przez naszego partnera od kart podarunkowych.' },
    pt: { name: 'Cartão-presente para lojas de desporto', brand_description: 'Válido em lojas de desporto de toda a Europa.', disclaimer: 'Emitido pelo nosso parceiro de cartões-presente.' },
  },
  'rwd-acme-trail-map': {
    de: { name: 'Kostenlose Wanderkarte', brand_description: 'Ein Gutschein für eine gedruckte Wanderkarte Ihrer Wahl.' },
    it: { name: 'Mappa dei sentieri in omaggio', brand_description: 'Un buono per una mappa dei sentieri stampata a tua scelta.' },
    nl: { name: 'Gratis wandelkaart', brand_description: 'Een bon voor een gedrukte wandelkaart naar keuze.' },
    pl: { name: 'Darmowa mapa szlaków', brand_description: 'Bon na wybraną drukowaną mapę szlaków.' },
    pt: { name: 'Mapa de trilhos grátis', brand_description: 'Um vale para um mapa de trilhos impresso à sua escolha.' },
  },
  'rwd-acme-tent': {
    de: { name: 'Zelt Summit 2', brand_description: 'Unser leichtestes Zwei-Personen-Zelt.' },
    it: { name: 'Tenda Summit 2', brand_description: 'La nostra tenda per due persone più leggera.' },
    nl: { name: 'Summit 2-tent', brand_description: 'Onze lichtste tweepersoonstent.' },
    pl: { name: 'Namiot Summit 2', brand_description: 'Nasz najlżejszy namiot dwuosobowy.' },
    pt: { name: 'Tenda Summit 2', brand_description: 'A nossa tenda para duas pessoas mais leve.' },
  },
  'vlt-demo-prepaid': {
    de: { name: 'Virtuelle Prepaid-Visa', description: 'Eine virtuelle Prepaid-Visa-Karte, per E-Mail zugestellt.' },
    it: { name: 'Visa prepagata virtuale', description: 'Una carta Visa prepagata virtuale, inviata via e-mail.' },
    nl: { name: 'Virtuele prepaid Visa', description: 'Een virtuele prepaid Visa-kaart, per e-mail bezorgd.' },
    pl: { name: 'Wirtualna przedpłacona karta Visa', description: 'Wirtualna przedpłacona karta Visa wysyłana e-mailem.' },
    pt: { name: 'Visa pré-paga virtual', description: 'Um cartão Visa pré-pago virtual, enviado por e-mail.' },
  },
  'vlt-demo-paypal': {
    de: { name: 'Auszahlung per PayPal', description: 'Geld an Ihre PayPal-E-Mail-Adresse.' },
    it: { name: 'Prelievo PayPal', description: 'Denaro inviato alla tua e-mail PayPal.' },
    nl: { name: 'Uitbetaling via PayPal', description: 'Geld naar je PayPal-e-mailadres.' },
    pl: { name: 'Wypłata na PayPal', description: 'Pieniądze wysłane na Twój adres e-mail w PayPal.' },
    pt: { name: 'Levantamento por PayPal', description: 'Dinheiro enviado para o seu e-mail do PayPal.' },
  },
  'vlt-demo-vip': {
    de: { name: 'VIP-Studiobesuch', description: 'Besuchen Sie das Studio von Demo Co (nur VIP Insiders).' },
    it: { name: 'Visita VIP allo studio', description: 'Visita lo studio di Demo Co (solo VIP Insiders).' },
    nl: { name: 'VIP-studiobezoek', description: 'Bezoek de studio van Demo Co (alleen VIP Insiders).' },
    pl: { name: 'Wizyta VIP w studiu', description: 'Odwiedź studio Demo Co (tylko VIP Insiders).' },
    pt: { name: 'Visita VIP ao estúdio', description: 'Visite o estúdio da Demo Co (só VIP Insiders).' },
  },
  'vlt-acme-giftcard': {
    de: { name: 'Acme-Outdoor-Geschenkkarte', description: 'Einlösbar für die gesamte Ausrüstung auf acme-outdoor.test.' },
    it: { name: 'Carta regalo Acme Outdoor', description: 'Usala su tutta l’attrezzatura di acme-outdoor.test.' },
    nl: { name: 'Acme Outdoor-cadeaukaart', description: 'Te gebruiken voor alle uitrusting op acme-outdoor.test.' },
    pl: { name: 'Karta podarunkowa Acme Outdoor', description: 'Do wykorzystania na cały sprzęt w acme-outdoor.test.' },
    pt: { name: 'Cartão-presente Acme Outdoor', description: 'Use-o em todo o equipamento de acme-outdoor.test.' },
  },
  'vlt-acme-prepaid': {
    de: { name: 'Virtuelle Prepaid-MasterCard', description: 'Eine virtuelle Prepaid-MasterCard, per E-Mail.' },
    it: { name: 'MasterCard prepagata virtuale', description: 'Una MasterCard prepagata virtuale, via e-mail.' },
    nl: { name: 'Virtuele prepaid MasterCard', description: 'Een virtuele prepaid MasterCard, per e-mail.' },
    pl: { name: 'Wirtualna przedpłacona karta MasterCard', description: 'Wirtualna przedpłacona karta MasterCard wysyłana e-mailem.' },
    pt: { name: 'MasterCard pré-paga virtual', description: 'Um MasterCard pré-pago virtual, por e-mail.' },
  },
  'vv-demo-prepaid-10': {
    de: { name: 'Karte über 10 $' },
    it: { name: 'Carta da 10 $' },
    nl: { name: 'Kaart van $ 10' },
    pl: { name: 'Karta na 10 $' },
    pt: { name: 'Cartão de 10 $' },
  },
  'vv-demo-prepaid-25': {
    de: { name: 'Karte über 25 $' },
    it: { name: 'Carta da 25 $' },
    nl: { name: 'Kaart van $ 25' },
    pl: { name: 'Karta na 25 $' },
    pt: { name: 'Cartão de 25 $' },
  },
  'vv-demo-prepaid-50': {
    de: { name: 'Karte über 50 $' },
    it: { name: 'Carta da 50 $' },
    nl: { name: 'Kaart van $ 50' },
    pl: { name: 'Karta na 50 $' },
    pt: { name: 'Cartão de 50 $' },
  },
  'vv-demo-vip-visit': {
    de: { name: 'Studiobesuch für zwei' },
    it: { name: 'Visita allo studio per due' },
    nl: { name: 'Studiobezoek voor twee' },
    pl: { name: 'Wizyta w studiu dla dwojga' },
    pt: { name: 'Visita ao estúdio para dois' },
  },
  'vv-acme-prepaid-20': {
    de: { name: 'Karte über 20 €' },
    it: { name: 'Carta da 20 €' },
    nl: { name: 'Kaart van € 20' },
    pl: { name: 'Karta na 20 €' },
    pt: { name: 'Cartão de 20 €' },
  },
  'tier-demo-bronze': {
    de: { name: 'Bronze', description: 'Willkommen an Bord! Hier beginnt jeder neue Botschafter.' },
    it: { name: 'Bronzo', description: 'Benvenuto a bordo! Ogni nuovo ambassador inizia da qui.' },
    nl: { name: 'Brons', description: 'Welkom aan boord! Elke nieuwe ambassadeur begint hier.' },
    pl: { name: 'Brąz', description: 'Witaj na pokładzie! Tu zaczyna każdy nowy ambasador.' },
    pt: { name: 'Bronze', description: 'Bem-vindo a bordo! Todo o novo embaixador começa aqui.' },
  },
  'tier-demo-silver': {
    de: { name: 'Silber', description: 'Sammeln Sie 1.000 Punkte: 5 % Bonuspunkte auf jede Empfehlung.' },
    it: { name: 'Argento', description: 'Guadagna 1.000 punti: il 5 % di punti bonus su ogni referral.' },
    nl: { name: 'Zilver', description: 'Verdien 1.000 punten: 5% bonuspunten op elke doorverwijzing.' },
    pl: { name: 'Srebro', description: 'Zdobądź 1000 punktów: 5% dodatkowych punktów za każde polecenie.' },
    pt: { name: 'Prata', description: 'Ganhe 1000 pontos: 5% de pontos bónus em cada indicação.' },
  },
  'tier-demo-gold': {
    de: { name: 'Gold', description: 'Sammeln Sie 5.000 Punkte: 10 % Bonuspunkte und früher Zugang.' },
    it: { name: 'Oro', description: 'Guadagna 5.000 punti: il 10 % di punti bonus e accesso anticipato.' },
    nl: { name: 'Goud', description: 'Verdien 5.000 punten: 10% bonuspunten en vroege toegang.' },
    pl: { name: 'Złoto', description: 'Zdobądź 5000 punktów: 10% dodatkowych punktów i wcześniejszy dostęp.' },
    pt: { name: 'Ouro', description: 'Ganhe 5000 pontos: 10% de pontos bónus e acesso antecipado.' },
  },
  'tier-acme-trailhead': {
    de: { description: 'Ihre ersten Schritte mit dem Team.' },
    it: { description: 'I tuoi primi passi con il team.' },
    nl: { description: 'Je eerste stappen met het team.' },
    pl: { description: 'Twoje pierwsze kroki z ekipą.' },
    pt: { description: 'Os seus primeiros passos com a equipa.' },
  },
  'tier-acme-ridge': {
    de: { description: '10 Empfehlungen: kostenloser Versand für Ihre eigenen Bestellungen.' },
    it: { description: '10 referral: spedizione gratuita sui tuoi ordini.' },
    nl: { description: '10 doorverwijzingen: gratis verzending van je eigen bestellingen.' },
    pl: { description: '10 poleceń: darmowa wysyłka Twoich własnych zamówień.' },
    pt: { description: '10 indicações: envio grátis nas suas próprias encomendas.' },
  },
  'tier-acme-summit': {
    de: { description: '25 Empfehlungen: eine geführte Klettertour mit dem Acme-Team.' },
    it: { description: '25 referral: un’arrampicata guidata con il team Acme.' },
    nl: { description: '25 doorverwijzingen: een begeleide klimtocht met het Acme-team.' },
    pl: { description: '25 poleceń: wspinaczka z przewodnikiem z ekipą Acme.' },
    pt: { description: '25 indicações: uma escalada guiada com a equipa Acme.' },
  },
  'badge-demo-first-share': {
    de: { name: 'Erstes Teilen', description: 'Sie haben Ihren Link zum ersten Mal geteilt.' },
    it: { name: 'Prima condivisione', description: 'Hai condiviso il tuo link per la prima volta.' },
    nl: { name: 'Eerste keer gedeeld', description: 'Je hebt je link voor het eerst gedeeld.' },
    pl: { name: 'Pierwsze udostępnienie', description: 'Udostępniłeś swój link po raz pierwszy.' },
    pt: { name: 'Primeira partilha', description: 'Partilhou o seu link pela primeira vez.' },
  },
  'badge-demo-first-referral': {
    de: { name: 'Erste Empfehlung', description: 'Ihr erster Freund hat bestellt.' },
    it: { name: 'Primo referral', description: 'Il tuo primo amico ha fatto un ordine.' },
    nl: { name: 'Eerste doorverwijzing', description: 'Je eerste vriend heeft een bestelling geplaatst.' },
    pl: { name: 'Pierwsze polecenie', description: 'Twój pierwszy znajomy złożył zamówienie.' },
    pt: { name: 'Primeira indicação', description: 'O seu primeiro amigo fez uma encomenda.' },
  },
  'badge-demo-rising-star': {
    de: { name: 'Aufsteigender Stern', description: 'Sie haben 1.000 Punkte gesammelt.' },
    it: { name: 'Stella nascente', description: 'Hai guadagnato 1.000 punti.' },
    nl: { name: 'Rijzende ster', description: 'Je hebt 1.000 punten verdiend.' },
    pl: { name: 'Wschodząca gwiazda', description: 'Zdobyłeś 1000 punktów.' },
    pt: { name: 'Estrela em ascensão', description: 'Ganhou 1000 pontos.' },
  },
  'badge-demo-superstar': {
    de: { name: 'Superstar', description: 'Sie haben 5.000 Punkte gesammelt.' },
    it: { name: 'Superstar', description: 'Hai guadagnato 5.000 punti.' },
    nl: { name: 'Superster', description: 'Je hebt 5.000 punten verdiend.' },
    pl: { name: 'Supergwiazda', description: 'Zdobyłeś 5000 punktów.' },
    pt: { name: 'Superestrela', description: 'Ganhou 5000 pontos.' },
  },
  'badge-demo-beta-tester': {
    de: { name: 'Betatester', description: 'Sie sind während der Beta dazugekommen (eingestelltes Abzeichen).' },
    it: { name: 'Beta tester', description: 'Ti sei unito durante la beta (badge ritirato).' },
    nl: { name: 'Bètatester', description: 'Je deed mee tijdens de bèta (badge niet meer uitgegeven).' },
    pl: { name: 'Beta tester', description: 'Dołączyłeś w czasie bety (wycofana odznaka).' },
    pt: { name: 'Beta tester', description: 'Entrou durante a beta (emblema retirado).' },
  },
  'badge-acme-trail-starter': {
    de: { name: 'Erste Schritte', description: 'Sie sind dem Team beigetreten.' },
    it: { name: 'Primi passi', description: 'Ti sei unito al team.' },
    nl: { name: 'Eerste stappen', description: 'Je bent lid geworden van het team.' },
    pl: { name: 'Pierwsze kroki', description: 'Dołączyłeś do ekipy.' },
    pt: { name: 'Primeiros passos', description: 'Entrou para a equipa.' },
  },
  'badge-acme-crew-regular': {
    de: { name: 'Stammmitglied', description: 'Sie haben 500 Acme Coins gesammelt.' },
    it: { name: 'Habitué del team', description: 'Hai guadagnato 500 Acme Coins.' },
    nl: { name: 'Vaste kracht', description: 'Je hebt 500 Acme Coins verdiend.' },
    pl: { name: 'Stały bywalec ekipy', description: 'Zdobyłeś 500 Acme Coins.' },
    pt: { name: 'Habitual da equipa', description: 'Ganhou 500 Acme Coins.' },
  },
  'badge-acme-peak-performer': {
    de: { name: 'Gipfelstürmer', description: 'Sie haben 3.000 Acme Coins gesammelt.' },
    it: { name: 'In vetta', description: 'Hai guadagnato 3.000 Acme Coins.' },
    nl: { name: 'Topprestatie', description: 'Je hebt 3.000 Acme Coins verdiend.' },
    pl: { name: 'Na szczycie formy', description: 'Zdobyłeś 3000 Acme Coins.' },
    pt: { name: 'No topo', description: 'Ganhou 3000 Acme Coins.' },
  },
  'badge-acme-founding-member': {
    de: { name: 'Gründungsmitglied', description: 'Team der ersten Saison (eingestelltes Abzeichen).' },
    it: { name: 'Membro fondatore', description: 'Team della prima stagione (badge ritirato).' },
    nl: { name: 'Oprichtend lid', description: 'Team van het eerste seizoen (badge niet meer uitgegeven).' },
    pl: { name: 'Członek założyciel', description: 'Ekipa pierwszego sezonu (wycofana odznaka).' },
    pt: { name: 'Membro fundador', description: 'Equipa da primeira temporada (emblema retirado).' },
  },
};
for (const c of campaigns) c.translations = { ...c.translations, ...otherLanguageTexts[c.uid] };
// Brand names read the same in every language: written as such, so no language misses them.
for (const c of campaigns.filter((x) => ['cmp-demo-vip', 'cmp-acme-trail', 'cmp-acme-summit'].includes(x.uid))) {
  const own = c.company === 'acme' ? 'es' : 'en';
  for (const code of ['en', 'es', 'fr', 'de', 'it', 'nl', 'pl', 'pt'].filter((x) => x !== own)) {
    c.translations![code] = { name: c.name, ...c.translations![code] };
  }
}
const campaignById = new Map(campaigns.map((c) => [c.id, c]));
const campaign = (id: number) => campaignById.get(id)!;

// ---------------------------------------------------------------------------------------------------
// Customizations (shape: src/lib/schemas/customization.ts)
// ---------------------------------------------------------------------------------------------------

const demoSettings = {
  meta: {
    head_title: 'Demo Co Ambassadors',
    head_description: 'Share Demo Co with your friends and earn rewards for every referral.',
    favicon: brand.demo.favicon,
  },
  theme: {
    button_color: '#1f6feb', button_text_color: '#ffffff', link_color: '#1f6feb',
    campaign_portal_logo: brand.demo.logo, mobile_banner_image: brand.demo.banner,
  },
  login: {
    logo: brand.demo.logo, background_color: '#f6f8fa', login_button_color: '#1f6feb', button_text_color: '#ffffff',
    forgot_password_color: '#0969da',
  },
  register: {
    logo: brand.demo.logo,
    background_color: '#ffffff',
    button_text: 'Create my account',
    form_header: 'Join the Demo Co ambassador program',
    message: '<p>Earn <strong>10% commission</strong> on every order your friends place, plus points for rewards.</p>',
    right_column:
      '<h3>Why join?</h3><ul><li>Exclusive discounts for your friends</li><li>Monthly payouts via PayPal</li><li>Gift cards for your points</li></ul>'
      + '<p>Questions? <a href="https://www.demo.test/ambassadors/faq">Read the FAQ</a>.</p>',
    terms_text: 'I agree to the <a href="https://www.demo.test/ambassadors/terms">ambassador program terms</a>.',
    mobile_banner_image: brand.demo.banner,
    form_state_label: 'State',
    fields: {
      first_name: { position: 1, required: true, checked: true, label: null },
      last_name: { position: 2, required: true, checked: true, label: null },
      email: { position: 3, required: true, checked: true, label: null },
      phone: { position: 4, required: false, checked: true, label: null },
      company: { position: 5, required: false, checked: true, label: null },
      country: { position: 6, required: true, checked: true, label: null },
      custom1: { position: 7, required: false, checked: true, label: 'T-shirt size' },
    },
  },
  dashboard: {
    section_descriptions: {
      activity_overview_section: 'Your clicks, shares and referrals over the last months.',
      tasks_section: 'Complete tasks to earn bonus points.',
      badges_section: 'Badges you have earned so far.',
    },
  },
  profile: { show_custom1: true, show_preferred_payment: true, show_paypal_email: true },
  tabs: {
    theme: 'light',
    link_color: '#1f6feb',
    custom: [
      {
        slug: 'creator-corner', name: 'Creator corner', icon: 'star', order: 20,
        groups: ['grp-demo-creators'],
        html: '<h2>Creator corner</h2><p>Tips, briefs and early product drops for our creators.</p>'
          + '<p><a href="https://www.demo.test/creators/brief">Read this month\'s brief</a></p>',
      },
    ],
  },
  portal_auto_login: true,
  default_language: 'en',
  auto_translate_languages: [],
  // The company's texts in every other language the portal offers (its regional languages read their base's).
  translations: {
    es: {
      register: {
        button_text: 'Crear mi cuenta',
        form_header: 'Únete al programa de embajadores de Demo Co',
        message: '<p>Gana un <strong>10 % de comisión</strong> por cada pedido de tus amigos, y puntos para canjear por recompensas.</p>',
        right_column: '<h3>¿Por qué unirte?</h3><ul><li>Descuentos exclusivos para tus amigos</li><li>Pagos mensuales por PayPal</li>'
          + '<li>Tarjetas regalo por tus puntos</li></ul><p>¿Dudas? <a href="https://www.demo.test/ambassadors/faq">Lee las preguntas frecuentes</a>.</p>',
        terms_text: 'Acepto las <a href="https://www.demo.test/ambassadors/terms">condiciones del programa de embajadores</a>.',
        form_state_label: 'Estado',
        fields: { custom1: { label: 'Talla de camiseta' } },
      },
      tabs: {
        custom: {
          'creator-corner': {
            name: 'Rincón creativo',
            html: '<h2>Rincón creativo</h2><p>Consejos, encargos y lanzamientos anticipados para nuestros creadores.</p>'
              + '<p><a href="https://www.demo.test/creators/brief">Lee el encargo de este mes</a></p>',
          },
        },
      },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Tus clics, compartidos y referidos de los últimos meses.',
          tasks_section: 'Completa tareas para ganar puntos extra.',
          badges_section: 'Las insignias que has ganado.',
        },
      },
    },
    fr: {
      register: {
        button_text: 'Créer mon compte',
        form_header: 'Rejoignez le programme ambassadeurs de Demo Co',
        message: '<p>Gagnez <strong>10 % de commission</strong> sur chaque commande de vos amis, et des points à échanger contre des récompenses.</p>',
        right_column: '<h3>Pourquoi nous rejoindre ?</h3><ul><li>Des remises exclusives pour vos amis</li><li>Des paiements mensuels par PayPal</li>'
          + '<li>Des cartes cadeaux contre vos points</li></ul><p>Des questions ? <a href="https://www.demo.test/ambassadors/faq">Lisez la FAQ</a>.</p>',
        terms_text: 'J\'accepte les <a href="https://www.demo.test/ambassadors/terms">conditions du programme ambassadeurs</a>.',
        form_state_label: 'État',
        fields: { custom1: { label: 'Taille de T-shirt' } },
      },
      tabs: {
        custom: {
          'creator-corner': {
            name: 'Coin des créateurs',
            html: '<h2>Coin des créateurs</h2><p>Conseils, briefs et lancements en avant-première pour nos créateurs.</p>'
              + '<p><a href="https://www.demo.test/creators/brief">Lisez le brief de ce mois-ci</a></p>',
          },
        },
      },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Vos clics, partages et parrainages des derniers mois.',
          tasks_section: 'Accomplissez des tâches pour gagner des points bonus.',
          badges_section: 'Les badges que vous avez gagnés.',
        },
      },
    },
    de: {
      register: {
        button_text: 'Mein Konto erstellen',
        form_header: 'Werden Sie Botschafter von Demo Co',
        message: '<p>Verdienen Sie <strong>10 % Provision</strong> auf jede Bestellung Ihrer Freunde, dazu Punkte für Prämien.</p>',
        right_column: '<h3>Warum mitmachen?</h3><ul><li>Exklusive Rabatte für Ihre Freunde</li><li>Monatliche Auszahlungen per PayPal</li><li>Geschenkkarten für Ihre Punkte</li></ul><p>Fragen? <a href="https://www.demo.test/ambassadors/faq">Lesen Sie die FAQ</a>.</p>',
        terms_text: 'Ich akzeptiere die <a href="https://www.demo.test/ambassadors/terms">Bedingungen des Botschafterprogramms</a>.',
        form_state_label: 'Bundesland',
        fields: { custom1: { label: 'T-Shirt-Größe' } },
      },
      tabs: { custom: { 'creator-corner': { name: 'Creator-Ecke', html: '<h2>Creator-Ecke</h2><p>Tipps, Briefings und frühe Produktneuheiten für unsere Creator.</p><p><a href="https://www.demo.test/creators/brief">Lesen Sie das Briefing dieses Monats</a></p>' } } },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Ihre Klicks, geteilten Links und Empfehlungen der letzten Monate.',
          tasks_section: 'Erledigen Sie Aufgaben, um Bonuspunkte zu sammeln.',
          badges_section: 'Die Abzeichen, die Sie bisher erhalten haben.',
        },
      },
    },
    it: {
      register: {
        button_text: 'Crea il mio account',
        form_header: 'Unisciti al programma ambassador di Demo Co',
        message: '<p>Guadagna il <strong>10 % di commissione</strong> su ogni ordine dei tuoi amici, più punti da usare per i premi.</p>',
        right_column: '<h3>Perché unirti?</h3><ul><li>Sconti esclusivi per i tuoi amici</li><li>Pagamenti mensili tramite PayPal</li><li>Carte regalo per i tuoi punti</li></ul><p>Domande? <a href="https://www.demo.test/ambassadors/faq">Leggi le FAQ</a>.</p>',
        terms_text: 'Accetto le <a href="https://www.demo.test/ambassadors/terms">condizioni del programma ambassador</a>.',
        form_state_label: 'Provincia',
        fields: { custom1: { label: 'Taglia della maglietta' } },
      },
      tabs: { custom: { 'creator-corner': { name: 'Angolo dei creator', html: '<h2>Angolo dei creator</h2><p>Consigli, brief e anteprime dei prodotti per i nostri creator.</p><p><a href="https://www.demo.test/creators/brief">Leggi il brief di questo mese</a></p>' } } },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'I tuoi clic, le tue condivisioni e i tuoi referral degli ultimi mesi.',
          tasks_section: 'Completa le attività per guadagnare punti bonus.',
          badges_section: 'I badge che hai ottenuto finora.',
        },
      },
    },
    nl: {
      register: {
        button_text: 'Mijn account aanmaken',
        form_header: 'Word ambassadeur van Demo Co',
        message: '<p>Verdien <strong>10% commissie</strong> op elke bestelling van je vrienden, plus punten voor beloningen.</p>',
        right_column: '<h3>Waarom meedoen?</h3><ul><li>Exclusieve kortingen voor je vrienden</li><li>Maandelijkse uitbetalingen via PayPal</li><li>Cadeaukaarten voor je punten</li></ul><p>Vragen? <a href="https://www.demo.test/ambassadors/faq">Lees de veelgestelde vragen</a>.</p>',
        terms_text: 'Ik ga akkoord met de <a href="https://www.demo.test/ambassadors/terms">voorwaarden van het ambassadeursprogramma</a>.',
        form_state_label: 'Provincie',
        fields: { custom1: { label: 'T-shirtmaat' } },
      },
      tabs: { custom: { 'creator-corner': { name: 'Creatorhoek', html: '<h2>Creatorhoek</h2><p>Tips, briefings en vroege productlanceringen voor onze creators.</p><p><a href="https://www.demo.test/creators/brief">Lees de briefing van deze maand</a></p>' } } },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Je klikken, gedeelde links en doorverwijzingen van de afgelopen maanden.',
          tasks_section: 'Voltooi taken om bonuspunten te verdienen.',
          badges_section: 'De badges die je tot nu toe hebt verdiend.',
        },
      },
    },
    pl: {
      register: {
        button_text: 'Utwórz konto',
        form_header: 'Dołącz do programu ambasadorów Demo Co',
        message: '<p>Zarabiaj <strong>10% prowizji</strong> od każdego zamówienia znajomych, a do tego punkty na nagrody.</p>',
        right_column: '<h3>Dlaczego warto?</h3><ul><li>Wyjątkowe rabaty dla Twoich znajomych</li><li>Comiesięczne wypłaty przez PayPal</li><li>Karty podarunkowe za punkty</li></ul><p>Pytania? <a href="https://www.demo.test/ambassadors/faq">Przeczytaj FAQ</a>.</p>',
        terms_text: 'Akceptuję <a href="https://www.demo.test/ambassadors/terms">regulamin programu ambasadorów</a>.',
        form_state_label: 'Województwo',
        fields: { custom1: { label: 'Rozmiar koszulki' } },
      },
      tabs: { custom: { 'creator-corner': { name: 'Kącik twórców', html: '<h2>Kącik twórców</h2><p>Porady, briefy i wcześniejsze premiery produktów dla naszych twórców.</p><p><a href="https://www.demo.test/creators/brief">Przeczytaj brief na ten miesiąc</a></p>' } } },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Twoje kliknięcia, udostępnienia i polecenia z ostatnich miesięcy.',
          tasks_section: 'Wykonuj zadania, aby zdobywać dodatkowe punkty.',
          badges_section: 'Odznaki, które już zdobyłeś.',
        },
      },
    },
    pt: {
      register: {
        button_text: 'Criar a minha conta',
        form_header: 'Junte-se ao programa de embaixadores da Demo Co',
        message: '<p>Ganhe <strong>10% de comissão</strong> em cada pedido dos seus amigos, e pontos para trocar por recompensas.</p>',
        right_column: '<h3>Porquê participar?</h3><ul><li>Descontos exclusivos para os seus amigos</li><li>Pagamentos mensais por PayPal</li><li>Cartões-presente pelos seus pontos</li></ul><p>Dúvidas? <a href="https://www.demo.test/ambassadors/faq">Leia as perguntas frequentes</a>.</p>',
        terms_text: 'Aceito as <a href="https://www.demo.test/ambassadors/terms">condições do programa de embaixadores</a>.',
        form_state_label: 'Estado',
        fields: { custom1: { label: 'Tamanho da camiseta' } },
      },
      tabs: { custom: { 'creator-corner': { name: 'Cantinho dos criadores', html: '<h2>Cantinho dos criadores</h2><p>Dicas, briefings e lançamentos antecipados para os nossos criadores.</p><p><a href="https://www.demo.test/creators/brief">Leia o briefing deste mês</a></p>' } } },
      dashboard: {
        section_descriptions: {
          activity_overview_section: 'Os seus cliques, partilhas e indicações dos últimos meses.',
          tasks_section: 'Conclua tarefas para ganhar pontos de bónus.',
          badges_section: 'Os emblemas que já ganhou.',
        },
      },
    },
  },
};

// A Segment-style analytics stand-in for acme's page scripts: it records the calls the portal makes
// (spec §7 identify), for the demo and the browser tests. No ';' (seed/README.md): one expression.
const fakeAnalytics = 'window.analytics=window.analytics||{calls:[],identify:function(){this.calls.push([].slice.call(arguments))}}';

const acmeSettings = {
  // Payable 14 days after the order, paid out from EUR 20.
  payouts: { holding_days: 14, minimum_minor: 2000 },
  meta: {
    head_title: 'Acme Outdoor Crew',
    head_description: 'Equípate, comparte el camino y gana Acme Coins con el equipo de embajadores de Acme Outdoor.',
    favicon: brand.acme.favicon,
  },
  theme: {
    button_color: '#1b5e20', button_text_color: '#ffffff', link_color: '#ef6c00',
    campaign_portal_logo: brand.acme.logo, mobile_banner_image: brand.acme.banner,
  },
  login: {
    logo: brand.acme.logo,
    // A Segment-style analytics stand-in (spec §7) that records its calls, so the demo and the browser
    // tests can see the portal never identifies a logged-out visitor.
    head_scripts: `<script>window.acmeLoginLoaded=true</script><script>${fakeAnalytics}</script>`,
    body_scripts: '<script>window.acmeLoginBody=true</script>',
    background_color: '#0d2b10', login_button_color: '#ef6c00', button_text_color: '#ffffff',
    forgot_password_color: '#ffb74d', icons_color: '#ef6c00', fields_text_color: '#1b1b1b',
    fields_background_color: '#fff8e1',
  },
  register: {
    logo: brand.acme.logo,
    background_color: '#f1f8e9',
    head_scripts: `<script>${fakeAnalytics}</script>`,
    button_text: 'Únete al equipo',
    form_header: 'Únete al equipo de Acme Outdoor',
    message: '<p>Comparte el equipo que te encanta y gana <strong>Acme Coins</strong> por cada amigo que se una a tus salidas.</p>',
    right_column: '<h3>Ventajas del equipo</h3><ul><li>8 % de comisión</li><li>Acceso anticipado al material nuevo</li></ul>'
      + '<p><a href="https://www.acme-outdoor.test/crew">Cómo funciona el equipo</a></p>',
    terms_text: 'Acepto las <a href="https://www.acme-outdoor.test/crew/terms">condiciones del equipo</a>.',
    mobile_banner_image: brand.acme.banner,
    fields: {
      first_name: { position: 1, required: true, checked: true, label: null },
      last_name: { position: 2, required: true, checked: true, label: null },
      email: { position: 3, required: true, checked: true, label: null },
      groups: { position: 4, required: true, checked: true, label: 'Equipo' },
      date_of_birth: { position: 5, required: false, checked: true, label: null },
      country: { position: 6, required: false, checked: true, label: null },
    },
  },
  dashboard: {
    head_scripts: `<script>${fakeAnalytics}</script>`,
    show_earned_first_event: true,
    earned_first_event_label: 'Ganado - Primer pedido',
    show_earned_second_event: true,
    earned_second_event_label: 'Ganado - Pedido repetido',
    // No text under the overview or the tasks: acme's phone dashboard stays within 2.5 screens (issue 21).
    section_descriptions: { badges_section: 'Las insignias que has ganado en el equipo.' },
  },
  tabs: {
    theme: 'dark',
    link_color: '#ff9800',
    order: ['dashboard', 'gear-guide', 'stats', 'rewards', 'transactions', 'sharing', 'assets', 'summit-perks', 'crew-shop', 'profile'],
    items: { rewards: { label: 'Tienda de recompensas' } },
    custom: [
      {
        slug: 'gear-guide', name: 'Guía de material', icon: 'info', order: 1,
        html: '<h2>Guía de material</h2><p>Lo que recomienda el equipo esta temporada: la mochila Ridge 30, las zapatillas Trailrunner y la tienda Summit 2.</p>'
          + '<p><a href="https://www.acme-outdoor.test/gear-guide">Ver la guía completa</a></p>',
      },
      {
        slug: 'summit-perks', name: 'Ventajas Summit', icon: 'star', order: 2, campaigns_with_tab_access: [202],
        html: '<h2>Ventajas del Summit Club</h2><p>Los miembros del Summit Club disfrutan de una escalada guiada gratis cada temporada.</p>',
      },
      // An external source: the menu opens it in a new window (spec §2).
      {
        slug: 'crew-shop', name: 'Tienda del equipo', icon: 'shopping-cart', order: 3,
        source: 'https://www.acme-outdoor.test/crew-shop',
      },
    ],
  },
  portal_auto_login: false,
  default_language: 'es',
  auto_translate_languages: [{ status: true, code: 'fr' }],
  // The company's texts in every other language the portal offers (its regional languages read their base's).
  translations: {
    en: {
      register: {
        button_text: 'Join the crew',
        form_header: 'Join the Acme Outdoor crew',
        message: '<p>Share the gear you love and earn <strong>Acme Coins</strong> for every friend who joins your trips.</p>',
        right_column: '<h3>Crew perks</h3><ul><li>8% commission</li><li>Early access to new gear</li></ul>'
          + '<p><a href="https://www.acme-outdoor.test/crew">How the crew works</a></p>',
        terms_text: 'I accept the <a href="https://www.acme-outdoor.test/crew/terms">crew terms</a>.',
        fields: { groups: { label: 'Crew' } },
      },
      tabs: {
        labels: { rewards: 'Rewards shop' },
        custom: {
          'gear-guide': {
            name: 'Gear guide',
            html: '<h2>Gear guide</h2><p>What the crew recommends this season: the Ridge 30 pack, the Trailrunner shoes and the Summit 2 tent.</p>'
              + '<p><a href="https://www.acme-outdoor.test/gear-guide">See the full guide</a></p>',
          },
          'summit-perks': { name: 'Summit perks', html: '<h2>Summit Club perks</h2><p>Summit Club members get a free guided climb every season.</p>' },
          'crew-shop': { name: 'Crew shop' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Earned - First order',
        earned_second_event_label: 'Earned - Repeat order',
        section_descriptions: { badges_section: 'The badges you have earned with the crew.' },
      },
    },
    fr: {
      register: {
        button_text: 'Rejoindre l\'équipe',
        form_header: 'Rejoignez l\'équipe Acme Outdoor',
        message: '<p>Partagez le matériel que vous aimez et gagnez des <strong>Acme Coins</strong> pour chaque ami qui rejoint vos sorties.</p>',
        right_column: '<h3>Les avantages de l’équipe</h3><ul><li>8 % de commission</li><li>Un accès anticipé au nouveau matériel</li></ul>'
          + '<p><a href="https://www.acme-outdoor.test/crew">Comment fonctionne l’équipe</a></p>',
        terms_text: 'J\'accepte les <a href="https://www.acme-outdoor.test/crew/terms">conditions de l\'équipe</a>.',
        fields: { groups: { label: 'Équipe' } },
      },
      tabs: {
        labels: { rewards: 'Boutique de récompenses' },
        custom: {
          'gear-guide': {
            name: 'Guide du matériel',
            html: '<h2>Guide du matériel</h2><p>Ce que l’équipe recommande cette saison : le sac Ridge 30, les chaussures Trailrunner et la tente Summit 2.</p>'
              + '<p><a href="https://www.acme-outdoor.test/gear-guide">Voir le guide complet</a></p>',
          },
          'summit-perks': { name: 'Avantages Summit', html: '<h2>Les avantages du Summit Club</h2><p>Les membres du Summit Club profitent d’une escalade guidée gratuite chaque saison.</p>' },
          'crew-shop': { name: 'Boutique de l\'équipe' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Gagné - Première commande',
        earned_second_event_label: 'Gagné - Commande répétée',
        section_descriptions: { badges_section: 'Les badges que vous avez gagnés avec l’équipe.' },
      },
    },
    de: {
      register: {
        button_text: 'Dem Team beitreten',
        form_header: 'Werden Sie Teil des Acme-Outdoor-Teams',
        message: '<p>Teilen Sie die Ausrüstung, die Sie lieben, und verdienen Sie <strong>Acme Coins</strong> für jeden Freund, der bei Ihren Touren mitmacht.</p>',
        right_column: '<h3>Vorteile im Team</h3><ul><li>8 % Provision</li><li>Früher Zugang zu neuer Ausrüstung</li></ul><p><a href="https://www.acme-outdoor.test/crew">So funktioniert das Team</a></p>',
        terms_text: 'Ich akzeptiere die <a href="https://www.acme-outdoor.test/crew/terms">Bedingungen des Teams</a>.',
        fields: { groups: { label: 'Team' } },
      },
      tabs: {
        labels: { rewards: 'Prämienshop' },
        custom: {
          'gear-guide': { name: 'Ausrüstungsratgeber', html: '<h2>Ausrüstungsratgeber</h2><p>Was das Team in dieser Saison empfiehlt: den Rucksack Ridge 30, die Schuhe Trailrunner und das Zelt Summit 2.</p><p><a href="https://www.acme-outdoor.test/gear-guide">Den ganzen Ratgeber ansehen</a></p>' },
          'summit-perks': { name: 'Summit-Vorteile', html: '<h2>Vorteile des Summit Club</h2><p>Mitglieder des Summit Club erhalten jede Saison eine kostenlose geführte Klettertour.</p>' },
          'crew-shop': { name: 'Team-Shop' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Verdient - Erste Bestellung',
        earned_second_event_label: 'Verdient - Folgebestellung',
        section_descriptions: { badges_section: 'Die Abzeichen, die Sie mit dem Team erhalten haben.' },
      },
    },
    it: {
      register: {
        button_text: 'Unisciti al team',
        form_header: 'Unisciti al team di Acme Outdoor',
        message: '<p>Condividi l’attrezzatura che ami e guadagna <strong>Acme Coins</strong> per ogni amico che si unisce alle tue uscite.</p>',
        right_column: '<h3>Vantaggi del team</h3><ul><li>8 % di commissione</li><li>Accesso anticipato alla nuova attrezzatura</li></ul><p><a href="https://www.acme-outdoor.test/crew">Come funziona il team</a></p>',
        terms_text: 'Accetto le <a href="https://www.acme-outdoor.test/crew/terms">condizioni del team</a>.',
        fields: { groups: { label: 'Team' } },
      },
      tabs: {
        labels: { rewards: 'Negozio dei premi' },
        custom: {
          'gear-guide': { name: 'Guida all’attrezzatura', html: '<h2>Guida all’attrezzatura</h2><p>Cosa consiglia il team in questa stagione: lo zaino Ridge 30, le scarpe Trailrunner e la tenda Summit 2.</p><p><a href="https://www.acme-outdoor.test/gear-guide">Vedi la guida completa</a></p>' },
          'summit-perks': { name: 'Vantaggi Summit', html: '<h2>Vantaggi del Summit Club</h2><p>I membri del Summit Club hanno un’arrampicata guidata gratuita ogni stagione.</p>' },
          'crew-shop': { name: 'Negozio del team' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Guadagnato - Primo ordine',
        earned_second_event_label: 'Guadagnato - Ordine ripetuto',
        section_descriptions: { badges_section: 'I badge che hai ottenuto con il team.' },
      },
    },
    nl: {
      register: {
        button_text: 'Word lid van het team',
        form_header: 'Word lid van het Acme Outdoor-team',
        message: '<p>Deel de uitrusting waar je van houdt en verdien <strong>Acme Coins</strong> voor elke vriend die meegaat op je tochten.</p>',
        right_column: '<h3>Voordelen van het team</h3><ul><li>8% commissie</li><li>Vroege toegang tot nieuwe uitrusting</li></ul><p><a href="https://www.acme-outdoor.test/crew">Zo werkt het team</a></p>',
        terms_text: 'Ik ga akkoord met de <a href="https://www.acme-outdoor.test/crew/terms">voorwaarden van het team</a>.',
        fields: { groups: { label: 'Team' } },
      },
      tabs: {
        labels: { rewards: 'Beloningswinkel' },
        custom: {
          'gear-guide': { name: 'Uitrustingsgids', html: '<h2>Uitrustingsgids</h2><p>Wat het team dit seizoen aanraadt: de Ridge 30-rugzak, de Trailrunner-schoenen en de Summit 2-tent.</p><p><a href="https://www.acme-outdoor.test/gear-guide">Bekijk de volledige gids</a></p>' },
          'summit-perks': { name: 'Summit-voordelen', html: '<h2>Voordelen van de Summit Club</h2><p>Leden van de Summit Club krijgen elk seizoen een gratis begeleide klimtocht.</p>' },
          'crew-shop': { name: 'Teamwinkel' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Verdiend - Eerste bestelling',
        earned_second_event_label: 'Verdiend - Herhaalbestelling',
        section_descriptions: { badges_section: 'De badges die je met het team hebt verdiend.' },
      },
    },
    pl: {
      register: {
        button_text: 'Dołącz do ekipy',
        form_header: 'Dołącz do ekipy Acme Outdoor',
        message: '<p>Polecaj sprzęt, który kochasz, i zdobywaj <strong>Acme Coins</strong> za każdego znajomego, który dołączy do Twoich wypraw.</p>',
        right_column: '<h3>Korzyści ekipy</h3><ul><li>8% prowizji</li><li>Wcześniejszy dostęp do nowego sprzętu</li></ul><p><a href="https://www.acme-outdoor.test/crew">Jak działa ekipa</a></p>',
        terms_text: 'Akceptuję <a href="https://www.acme-outdoor.test/crew/terms">regulamin ekipy</a>.',
        fields: { groups: { label: 'Ekipa' } },
      },
      tabs: {
        labels: { rewards: 'Sklep z nagrodami' },
        custom: {
          'gear-guide': { name: 'Poradnik sprzętowy', html: '<h2>Poradnik sprzętowy</h2><p>Co ekipa poleca w tym sezonie: plecak Ridge 30, buty Trailrunner i namiot Summit 2.</p><p><a href="https://www.acme-outdoor.test/gear-guide">Zobacz cały poradnik</a></p>' },
          'summit-perks': { name: 'Korzyści Summit', html: '<h2>Korzyści Summit Club</h2><p>Członkowie Summit Club co sezon dostają darmową wspinaczkę z przewodnikiem.</p>' },
          'crew-shop': { name: 'Sklep ekipy' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Zarobione - Pierwsze zamówienie',
        earned_second_event_label: 'Zarobione - Kolejne zamówienie',
        section_descriptions: { badges_section: 'Odznaki zdobyte z ekipą.' },
      },
    },
    pt: {
      register: {
        button_text: 'Entrar na equipa',
        form_header: 'Junte-se à equipa da Acme Outdoor',
        message: '<p>Partilhe o equipamento de que gosta e ganhe <strong>Acme Coins</strong> por cada amigo que se junta às suas saídas.</p>',
        right_column: '<h3>Vantagens da equipa</h3><ul><li>8% de comissão</li><li>Acesso antecipado ao equipamento novo</li></ul><p><a href="https://www.acme-outdoor.test/crew">Como funciona a equipa</a></p>',
        terms_text: 'Aceito as <a href="https://www.acme-outdoor.test/crew/terms">condições da equipa</a>.',
        fields: { groups: { label: 'Equipa' } },
      },
      tabs: {
        labels: { rewards: 'Loja de recompensas' },
        custom: {
          'gear-guide': { name: 'Guia de equipamento', html: '<h2>Guia de equipamento</h2><p>O que a equipa recomenda nesta temporada: a mochila Ridge 30, os ténis Trailrunner e a tenda Summit 2.</p><p><a href="https://www.acme-outdoor.test/gear-guide">Ver o guia completo</a></p>' },
          'summit-perks': { name: 'Vantagens Summit', html: '<h2>Vantagens do Summit Club</h2><p>Os membros do Summit Club têm uma escalada guiada gratuita em cada temporada.</p>' },
          'crew-shop': { name: 'Loja da equipa' },
        },
      },
      dashboard: {
        earned_first_event_label: 'Ganho - Primeiro pedido',
        earned_second_event_label: 'Ganho - Pedido repetido',
        section_descriptions: { badges_section: 'Os emblemas que ganhou com a equipa.' },
      },
    },
  },
};

// Campaign-level override (spec §4: campaign over company over defaults): the Summit Club pages carry
// their own title, description, favicon, logo, colours, a tab label and a dashboard script.
const acmeSummitSettings = {
  meta: {
    head_title: 'Acme Summit Club',
    head_description: 'El club de cumbres de Acme Outdoor: comparte tus ascensos y gana Acme Coins.',
    favicon: acmeSummitBrand.favicon,
  },
  theme: { link_color: '#0277bd', button_color: '#01579b', campaign_portal_logo: acmeSummitBrand.logo },
  tabs: { link_color: '#4fc3f7', items: { rewards: { label: 'Recompensas Summit' } } },
  dashboard: { body_scripts: '<script>window.acmeSummitDashboard=true</script>' },
  // The layer's own tab label translates itself (the company's translations of its label no longer apply).
  translations: Object.fromEntries(Object.entries({
    en: 'Summit rewards', fr: 'Récompenses Summit', de: 'Summit-Prämien', it: 'Premi Summit', nl: 'Summit-beloningen', pl: 'Nagrody Summit', pt: 'Recompensas Summit',
  }).map(([code, rewards]) => [code, { tabs: { labels: { rewards } } }])),
};

const globexSettings = {
  meta: { head_title: 'Globex Partners', favicon: brand.globex.favicon },
  theme: { button_color: '#6a1b9a', link_color: '#6a1b9a', campaign_portal_logo: brand.globex.logo },
  login: { logo: brand.globex.logo },
};

/** Fails when a setting is invalid or unknown to the schema (zod would silently drop unknown keys). */
function checkSettings(name: string, settings: object) {
  const result = customizationSchema.safeParse(settings);
  if (!result.success) throw new Error(`${name} customization invalid: ${JSON.stringify(result.error.issues)}`);
  const walk = (input: unknown, parsed: unknown, at: string) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return;
    for (const [key, value] of Object.entries(input)) {
      const out = (parsed as Record<string, unknown> | undefined)?.[key];
      if (out === undefined) throw new Error(`${name} customization: unknown key ${at}${key}`);
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, (out as unknown[])[i], `${at}${key}[${i}].`));
      else walk(value, out, `${at}${key}.`);
    }
  };
  walk(settings, result.data, '');
}
checkSettings('demo', demoSettings);
checkSettings('acme', acmeSettings);
checkSettings('acme summit', acmeSummitSettings);
checkSettings('globex', globexSettings);

const customizations: Row[] = [
  { id: 'cust-demo', company_id: 'demo', campaign_id: null, settings: json(demoSettings), updated_at: ago(30) },
  { id: 'cust-acme', company_id: 'acme', campaign_id: null, settings: json(acmeSettings), updated_at: ago(20) },
  { id: 'cust-acme-summit', company_id: 'acme', campaign_id: 202, settings: json(acmeSummitSettings), updated_at: ago(20) },
  { id: 'cust-globex', company_id: 'globex', campaign_id: null, settings: json(globexSettings), updated_at: ago(60) },
];

// ---------------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------------

interface Person {
  userId: number; uid: string; company: CompanyId; email: string; first: string; last: string;
  hasPassword: boolean; loyalty: boolean; username: string | null; shareCode: string; created: number;
  campaigns: number[]; extra?: Partial<Record<string, Value>>;
}
const people: Person[] = [
  {
    userId: 1001, uid: 'amb-ava', company: 'demo', email: 'ava@demo.test', first: 'Ava', last: 'Ambassador',
    hasPassword: true, loyalty: true, username: 'ava', shareCode: 'AVA7QK', created: 400, campaigns: [102, 101, 103, 104],
    extra: {
      avatar_key: 'avatars/demo/amb-ava/avatar.png', phone: '+1 415 555 0134', company_name: 'Ava Makes',
      job_title: 'Content creator', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105',
      country: 'US', date_of_birth: '1991-04-12', custom_fields: json({ custom1: 'M' }),
      facebook_url: 'https://www.facebook.com/ava.ambassador', twitter_url: 'https://twitter.com/ava_shares',
      linkedin_url: 'https://www.linkedin.com/in/ava-ambassador', pinterest_url: 'https://www.pinterest.com/avaambassador',
      payout_preference: '1', paypal_email: 'ava.payouts@demo.test', language: 'en', group_id: 1, referred_by_uid: 'amb-ben',
    },
  },
  {
    userId: 1002, uid: 'amb-ben', company: 'demo', email: 'ben@demo.test', first: 'Ben', last: 'Brightwater',
    hasPassword: true, loyalty: false, username: 'ben', shareCode: 'BEN3XP', created: 450, campaigns: [102],
    extra: { city: 'Austin', state: 'TX', country: 'US', payout_preference: '0', language: 'en', group_id: 2 },
  },
  {
    userId: 1003, uid: 'amb-nocampaign', company: 'demo', email: 'nocampaign@demo.test', first: 'Nora', last: 'Nocampaign',
    hasPassword: true, loyalty: false, username: null, shareCode: 'NORA5M', created: 90, campaigns: [],
  },
  {
    userId: 1004, uid: 'amb-gone', company: 'demo', email: 'gone@demo.test', first: 'Gina', last: 'Gone',
    hasPassword: true, loyalty: false, username: 'gina', shareCode: 'GINA8R', created: 300, campaigns: [102],
    extra: { deactivated_by_self: 1, email_preferences: 'stop_email' },
  },
  {
    userId: 1005, uid: 'amb-newbie', company: 'demo', email: 'newbie@demo.test', first: 'Nick', last: 'Newbie',
    hasPassword: false, loyalty: false, username: null, shareCode: 'NICK2D', created: 2, campaigns: [102],
  },
  {
    userId: 2001, uid: 'amb-alex', company: 'acme', email: 'alex@acme.test', first: 'Alex', last: 'Alpine',
    hasPassword: true, loyalty: true, username: 'alex', shareCode: 'ALEX9T', created: 390, campaigns: [201, 202],
    extra: {
      avatar_key: 'avatars/acme/amb-alex/avatar.png', phone: '+34 612 345 678', company_name: 'Alpine Guides',
      job_title: 'Mountain guide', street: 'Calle de Alcalá 42', city: 'Madrid', zip: '28014', country: 'ES',
      date_of_birth: '1988-09-03', facebook_url: 'https://www.facebook.com/alex.alpine',
      twitter_url: 'https://twitter.com/alexalpine', linkedin_url: 'https://www.linkedin.com/in/alex-alpine',
      payout_preference: '1', paypal_email: 'alex.paypal@acme.test', language: 'es', group_id: 3,
    },
  },
  {
    userId: 2002, uid: 'amb-sam', company: 'acme', email: 'sam@acme.test', first: 'Sam', last: 'Summit',
    hasPassword: true, loyalty: false, username: 'sam', shareCode: 'SAM4HW', created: 200, campaigns: [201],
    extra: { country: 'FR', language: 'fr', group_id: 4, payout_preference: '0' },
  },
  {
    userId: 2003, uid: 'amb-paused', company: 'acme', email: 'paused@acme.test', first: 'Pat', last: 'Paused',
    hasPassword: true, loyalty: false, username: 'pat', shareCode: 'PAT6VN', created: 250, campaigns: [201],
    extra: { deactivated_by_self: 1 },
  },
  {
    userId: 3001, uid: 'amb-gus', company: 'globex', email: 'gus@globex.test', first: 'Gus', last: 'Globex',
    hasPassword: true, loyalty: false, username: 'gus', shareCode: 'GUS1ZB', created: 380, campaigns: [301],
  },
];
const person = (uid: string) => people.find((p) => p.uid === uid)!;
const local = (p: Person) => p.email.split('@')[0]!;

// Password hashes: reuse the ones already in seed/demo.sql when they still verify.
async function passwordHashes(): Promise<Map<string, string>> {
  const previous = new Map<string, string>();
  if (existsSync(OUT_SQL)) {
    const text = readFileSync(OUT_SQL, 'utf8');
    const re = /INSERT INTO users \([^)]*\) VALUES \(\d+, '([^']+)', '([^']+)', '(scrypt\$[^']+)'/g;
    for (const m of text.matchAll(re)) previous.set(`${m[1]}:${m[2]!.toLowerCase()}`, m[3]!);
  }
  const out = new Map<string, string>();
  for (const p of people.filter((x) => x.hasPassword)) {
    const key = `${p.company}:${p.email}`;
    const old = previous.get(key);
    if (old && (await verifyPassword(DEMO_PASSWORD, old))) out.set(key, old);
    else {
      out.set(key, await hashPassword(DEMO_PASSWORD));
      console.log(`new password hash for ${key}`);
    }
  }
  return out;
}
const hashes = await passwordHashes();

// The staff's password hashes: reused from seed/demo.sql when they still verify, like the users'.
async function staffHashes(): Promise<Map<string, string>> {
  const previous = new Map<string, string>();
  if (existsSync(OUT_SQL)) {
    const re = /INSERT INTO staff_accounts \([^)]*\) VALUES \('([^']+)', '[^']+', '([^']+)', '[^']*', '[a-z]+', '(scrypt\$[^']+)'/g;
    for (const m of readFileSync(OUT_SQL, 'utf8').matchAll(re)) previous.set(`${m[1]}:${m[2]}`, m[3]!);
  }
  const out = new Map<string, string>();
  for (const member of STAFF) {
    const key = `${member.company}:${member.email}`;
    const old = previous.get(key);
    out.set(key, old && (await verifyPassword(DEMO_PASSWORD, old)) ? old : await hashPassword(DEMO_PASSWORD));
  }
  return out;
}
const staffHashByEmail = await staffHashes();

const AMB_COLUMNS = [
  'avatar_key', 'phone', 'company_name', 'job_title', 'street', 'city', 'state', 'zip', 'country', 'date_of_birth',
  'custom_fields', 'facebook_url', 'twitter_url', 'linkedin_url', 'pinterest_url', 'payout_preference', 'paypal_email',
  'dwolla_email', 'email_preferences', 'language', 'group_id', 'referred_by_uid', 'deactivated_by_self',
  'loyalty_clickable_tasks',
] as const;
const AMB_DEFAULTS: Record<string, Value> = { custom_fields: '{}', email_preferences: 'keep_participating', deactivated_by_self: 0, loyalty_clickable_tasks: '[]' };

const users: Row[] = people.map((p) => ({
  id: p.userId, company_id: p.company, email: p.email,
  password_hash: p.hasPassword ? hashes.get(`${p.company}:${p.email}`)! : null,
  first_name: p.first, last_name: p.last, loyalty_access: p.loyalty ? 1 : 0, access: 1, created_at: ago(p.created),
}));

// Referrers must exist before the people they referred: ben (referrer of ava) is written first.
const ambassadorOrder = [...people].sort((a, b) => Number(!!a.extra?.referred_by_uid) - Number(!!b.extra?.referred_by_uid));
const ambassadors: Row[] = ambassadorOrder.map((p) => {
  const row: Row = {
    uid: p.uid, company_id: p.company, user_id: p.userId, username: p.username, share_code: p.shareCode,
  };
  for (const col of AMB_COLUMNS) row[col] = p.extra?.[col] ?? AMB_DEFAULTS[col] ?? null;
  row.created_at = ago(p.created);
  return row;
});

r2('avatars/demo/amb-ava/avatar.png', 'image/png', avatarPng(160, '#79c0ff', '#0b3d91'));
r2('avatars/acme/amb-alex/avatar.png', 'image/png', avatarPng(160, '#ffb74d', '#1b5e20'));

// ---------------------------------------------------------------------------------------------------
// Memberships and share links
// ---------------------------------------------------------------------------------------------------

interface Link {
  uid: string; company: CompanyId; amb: string; campaign: number; code: string; isDefault: boolean;
  description: string; source: string; medium: string; redirect: string | null; created: number;
}
const memberships: Row[] = [];
const links: Link[] = [];
for (const p of people) {
  p.campaigns.forEach((cid, i) => {
    const c = campaign(cid);
    const joined = Math.min(p.created - i * 3, c.created - 5);
    memberships.push({ company_id: p.company, ambassador_uid: p.uid, campaign_id: cid, joined_at: ago(Math.max(joined, 1)) });
    const code = `${local(p)}-${c.company === 'demo' && c.slug === 'main' ? 'demo' : c.slug === 'main' ? c.company : c.slug}`;
    links.push({
      uid: `sl-${code}`, company: p.company, amb: p.uid, campaign: cid, code, isDefault: true,
      description: '', source: '', medium: '', redirect: null, created: Math.max(joined, 1),
    });
  });
}
const customLinks: Omit<Link, 'company' | 'isDefault'>[] = [
  { uid: 'sl-ava-blog', amb: 'amb-ava', campaign: 101, code: 'ava-blog', description: 'Summer picks blog post', source: 'personal website', medium: 'article', redirect: 'https://blog.demo.test/ava-summer-picks', created: 330 },
  { uid: 'sl-ava-news', amb: 'amb-ava', campaign: 102, code: 'ava-news', description: 'Monthly newsletter', source: 'email', medium: 'article', redirect: null, created: 280 },
  { uid: 'sl-ava-insta', amb: 'amb-ava', campaign: 102, code: 'ava-insta', description: 'Instagram reel', source: 'instagram', medium: 'video', redirect: 'https://shop.demo.test/welcome?utm_source=instagram&utm_medium=reel', created: 200 },
  { uid: 'sl-ava-unboxing', amb: 'amb-ava', campaign: 101, code: 'ava-unboxing', description: 'Unboxing video', source: 'youtube', medium: 'video', redirect: null, created: 120 },
  { uid: 'sl-ava-pin', amb: 'amb-ava', campaign: 101, code: 'ava-pin', description: 'Pinterest board', source: 'pinterest', medium: 'picture', redirect: 'https://shop.demo.test/summer/lookbook', created: 45 },
  { uid: 'sl-alex-blog', amb: 'amb-alex', campaign: 201, code: 'alex-blog', description: 'Trip report: Picos de Europa', source: 'personal website', medium: 'article', redirect: 'https://blog.acme-outdoor.test/picos-trip', created: 300 },
  { uid: 'sl-alex-ig', amb: 'amb-alex', campaign: 201, code: 'alex-ig', description: 'Instagram gear photo', source: 'instagram', medium: 'picture', redirect: null, created: 240 },
  { uid: 'sl-alex-club', amb: 'amb-alex', campaign: 202, code: 'alex-club', description: 'Climbing club mailing', source: 'email', medium: 'article', redirect: 'https://www.acme-outdoor.test/summit/ropes', created: 150 },
  { uid: 'sl-alex-reel', amb: 'amb-alex', campaign: 202, code: 'alex-reel', description: 'Summit day reel', source: 'tiktok', medium: 'video', redirect: null, created: 60 },
];
for (const l of customLinks) links.push({ ...l, company: person(l.amb).company, isDefault: false });
const link = (code: string) => {
  const found = links.find((l) => l.code === code);
  if (!found) throw new Error(`no link ${code}`);
  return found;
};
for (const l of links) {
  if (l.code.length > 32) throw new Error(`short code too long: ${l.code}`);
  if (l.redirect && !campaign(l.campaign).allowed_hosts.includes(new URL(l.redirect).host)
    && new URL(l.redirect).host !== new URL(campaign(l.campaign).url).host) {
    throw new Error(`redirect host of ${l.code} is not allowed by its campaign`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Activity history: clicks, shares, referrals, commissions, payouts
// ---------------------------------------------------------------------------------------------------

const REFERRERS = [['www.facebook.com', 5], ['t.co', 3], ['www.linkedin.com', 2], ['l.instagram.com', 3], ['mail.google.com', 2], ['www.pinterest.com', 1], [null, 4]] as const;
const COUNTRIES: Record<CompanyId, readonly (readonly [string, number])[]> = {
  demo: [['US', 12], ['CA', 3], ['GB', 2], ['MX', 1], ['DE', 1], ['AU', 1]],
  acme: [['ES', 8], ['FR', 4], ['DE', 3], ['IT', 2], ['PT', 2], ['GB', 1]],
  globex: [['US', 3], ['GB', 1]],
};

/** Days ago for an event in month m (0 = eleven months ago, 11 = the last 30 days). */
const dayInMonth = (m: number) => (11 - m) * 30 + rnd.int(0, 29);

interface Click { link: Link; days: number; minutes: number; counted: boolean; hash: string; referrer: string | null; country: string }
const clicks: Click[] = [];
function makeClicks(linkWeights: [string, number, number?][], perMonth: (m: number) => number) {
  for (let m = 0; m < 12; m++) {
    const n = Math.max(0, Math.round(perMonth(m) + rnd.int(-2, 2)));
    for (let i = 0; i < n; i++) {
      // A link only gets clicks after it was created (third item: first month it may appear).
      const usable = linkWeights.filter(([code, , from]) => m >= (from ?? 0) && (11 - m) * 30 < link(code).created + 30);
      if (usable.length === 0) break;
      const l = link(rnd.weighted(usable.map(([code, w]) => [code, w] as const)));
      const days = Math.min(dayInMonth(m), l.created - 1);
      const c: Click = {
        link: l, days: Math.max(days, 0), minutes: rnd.int(0, 1439), counted: true, hash: rnd.hex(32),
        referrer: rnd.weighted(REFERRERS), country: rnd.weighted(COUNTRIES[l.company]),
      };
      clicks.push(c);
      // Some visitors click again within the window: recorded, not counted.
      if (rnd.chance(0.08)) clicks.push({ ...c, minutes: Math.max(c.minutes - rnd.int(1, 20), 0), counted: false });
    }
  }
}
makeClicks(
  [['ava-summer', 30], ['ava-demo', 28], ['ava-blog', 10], ['ava-news', 6], ['ava-insta', 9], ['ava-unboxing', 6], ['ava-pin', 4], ['ava-vip', 3], ['ava-winter', 6]],
  (m) => 11 + m * 3.4,
);
makeClicks(
  [['alex-trail', 34], ['alex-summit', 22], ['alex-blog', 12], ['alex-ig', 10], ['alex-club', 8], ['alex-reel', 6]],
  (m) => 6 + m * 3.2,
);
makeClicks([['ben-demo', 1]], () => 2);
makeClicks([['sam-trail', 1]], (m) => (m > 4 ? 2 : 0));
makeClicks([['gus-globex', 1]], () => 1);
makeClicks([['gone-demo', 1]], (m) => (m < 6 ? 1 : 0));
// Winter (now inactive) ended about 200 days ago: drop later clicks on it.
for (let i = clicks.length - 1; i >= 0; i--) if (clicks[i]!.link.campaign === 104 && clicks[i]!.days < 200) clicks.splice(i, 1);
clicks.sort((a, b) => b.days * 1440 + b.minutes - (a.days * 1440 + a.minutes));

const SOCIALS = [['copy', 5], ['email', 3], ['facebook', 4], ['twitter', 2], ['linkedin', 2]] as const;
const shares: Row[] = [];
function makeShares(amb: string, codes: string[], perMonth: (m: number) => number) {
  const p = person(amb);
  const rows: { days: number; minutes: number; row: Row }[] = [];
  for (let m = 0; m < 12; m++) {
    const n = Math.max(0, Math.round(perMonth(m) + rnd.int(-1, 1)));
    for (let i = 0; i < n; i++) {
      const usable = codes.filter((code) => (11 - m) * 30 < link(code).created + 30 && !(link(code).campaign === 104 && m > 5));
      if (usable.length === 0) break;
      const l = link(rnd.pick(usable));
      const social = rnd.weighted(SOCIALS);
      const days = Math.max(Math.min(dayInMonth(m), l.created - 1), 0);
      const minutes = rnd.int(0, 1439);
      rows.push({
        days, minutes,
        row: {
          company_id: p.company, ambassador_uid: amb, campaign_id: l.campaign, share_link_uid: l.uid, social_name: social,
          recipient_email: social === 'email' ? `friend${rnd.int(1, 99)}@example.com` : null,
          recipient_username: null, created_at: ago(days, minutes),
        },
      });
    }
  }
  rows.sort((a, b) => b.days * 1440 + b.minutes - (a.days * 1440 + a.minutes));
  shares.push(...rows.map((r) => r.row));
}
makeShares('amb-ava', ['ava-summer', 'ava-demo', 'ava-blog', 'ava-insta', 'ava-vip', 'ava-winter'], (m) => 3 + m * 0.5);
makeShares('amb-alex', ['alex-trail', 'alex-summit', 'alex-ig', 'alex-reel'], (m) => 2 + m * 0.5);
makeShares('amb-ben', ['ben-demo'], (m) => (m % 3 === 0 ? 1 : 0));
makeShares('amb-sam', ['sam-trail'], (m) => (m % 4 === 3 ? 1 : 0));
makeShares('amb-gus', ['gus-globex'], (m) => (m % 4 === 0 ? 1 : 0));

const FIRST = ['Liam', 'Olivia', 'Noah', 'Emma', 'Mateo', 'Sofia', 'Lucas', 'Mia', 'Hugo', 'Chloe', 'Leo', 'Zoe', 'Ethan', 'Lucia', 'Omar', 'Nina', 'Ivan', 'Elena', 'Kai', 'Aisha', 'Theo', 'Clara', 'Diego', 'Maya', 'Felix', 'Ines', 'Jonas', 'Lea', 'Marco', 'Yara'];
const LAST = ['Smith', 'Garcia', 'Martin', 'Muller', 'Rossi', 'Dubois', 'Silva', 'Novak', 'Kim', 'Lopez', 'Berg', 'Costa', 'Fischer', 'Moreau', 'Santos', 'Walsh', 'Ortiz', 'Jensen', 'Bauer', 'Romero'];

interface Referral { id: number; company: CompanyId; amb: string; link: Link; name: string; email: string; days: number; minutes: number }
interface Commission {
  id: number; company: CompanyId; amb: string; campaign: number; referral: Referral; tx: string; revenue: number;
  amount: number; monetary: boolean; event: 'first' | 'second'; status: string; payout: number | null; days: number; minutes: number;
}
interface Payout { id: number; company: CompanyId; amb: string; amount: number; method: number; status: string; tx: string | null; paidDays: number | null; days: number }
const referrals: Referral[] = [];
const commissions: Commission[] = [];
const payouts: Payout[] = [];

function makeReferrals(amb: string, firstId: number, plan: { code: string; days: number }[]) {
  const p = person(amb);
  const used = new Set<string>();
  const list = plan
    .map(({ code, days }) => ({ code, days, minutes: rnd.int(0, 1439) }))
    .sort((a, b) => b.days * 1440 + b.minutes - (a.days * 1440 + a.minutes));
  list.forEach(({ code, days, minutes }, i) => {
    let first: string, last: string;
    do {
      first = rnd.pick(FIRST);
      last = rnd.pick(LAST);
    } while (used.has(first + last));
    used.add(first + last);
    referrals.push({
      id: firstId + i, company: p.company, amb, link: link(code), name: `${first} ${last}`,
      email: `${first}.${last}`.toLowerCase() + `@example.com`, days, minutes,
    });
  });
}

/** n referral days spread over the year with growth (more recent months get more). */
function referralPlan(n: number, codes: [string, number][], opts: { pinned?: { code: string; days: number }[] } = {}) {
  const plan: { code: string; days: number }[] = [...(opts.pinned ?? [])];
  const weights = Array.from({ length: 12 }, (_, m) => 1 + m * 0.35);
  while (plan.length < n) {
    const m = rnd.weighted(weights.map((w, i) => [i, w] as const));
    const days = dayInMonth(m);
    const usable = codes.filter(([code]) => link(code).created > days + 2 && !(link(code).campaign === 104 && days < 200));
    if (usable.length === 0) continue;
    plan.push({ code: rnd.weighted(usable), days });
  }
  return plan;
}

makeReferrals('amb-ava', 1001, referralPlan(30, [['ava-summer', 6], ['ava-demo', 6], ['ava-blog', 2], ['ava-insta', 2], ['ava-news', 1], ['ava-unboxing', 1], ['ava-pin', 1], ['ava-winter', 2]], {
  // Fixed points so every status of the story exists whatever the dice say.
  pinned: [
    { code: 'ava-demo', days: 340 }, { code: 'ava-summer', days: 318 }, { code: 'ava-demo', days: 262 },
    { code: 'ava-winter', days: 236 }, { code: 'ava-vip', days: 250 }, { code: 'ava-vip', days: 160 },
    { code: 'ava-vip', days: 40 }, { code: 'ava-summer', days: 170 }, { code: 'ava-demo', days: 150 },
    { code: 'ava-summer', days: 9 }, { code: 'ava-insta', days: 3 },
  ],
}));
makeReferrals('amb-alex', 2001, referralPlan(22, [['alex-trail', 6], ['alex-summit', 4], ['alex-blog', 2], ['alex-ig', 2], ['alex-club', 1], ['alex-reel', 1]], {
  pinned: [
    { code: 'alex-trail', days: 330 }, { code: 'alex-summit', days: 300 }, { code: 'alex-trail', days: 250 },
    { code: 'alex-summit', days: 170 }, { code: 'alex-trail', days: 150 }, { code: 'alex-trail', days: 12 },
  ],
}));
makeReferrals('amb-ben', 1501, [{ code: 'ben-demo', days: 200 }, { code: 'ben-demo', days: 90 }, { code: 'ben-demo', days: 20 }]);
makeReferrals('amb-sam', 2501, [{ code: 'sam-trail', days: 100 }, { code: 'sam-trail', days: 15 }]);
makeReferrals('amb-gus', 3001, [{ code: 'gus-globex', days: 150 }, { code: 'gus-globex', days: 30 }]);

const txPrefix: Record<CompanyId, string> = { demo: 'DC', acme: 'AO', globex: 'GX' };
let txCounter = 48211;

/** Commission statuses by age; the payouts take the paid and the oldest approved monetary ones. */
function makeCommissions(amb: string, firstId: number, payoutIds: [number, number, number] | null, special: { denied?: number; zero?: number }) {
  const p = person(amb);
  const mine = referrals.filter((r) => r.amb === amb);
  const rows: Omit<Commission, 'id'>[] = [];
  mine.forEach((r, i) => {
    const c = campaign(r.link.campaign);
    const monetary = c.slug !== 'vip';
    const revenue = rnd.int(25, 240) * 100 - 1;
    const add = (event: 'first' | 'second', days: number, rev: number) => {
      rows.push({
        company: p.company, amb, campaign: c.id, referral: r, tx: `${txPrefix[p.company]}-${txCounter++}`, revenue: rev,
        amount: monetary ? Math.round((rev * c.bps) / 10000) : 1500, monetary, event, status: '', payout: null,
        days, minutes: rnd.int(0, 1439),
      });
    };
    add('first', r.days, revenue);
    // Returning customers: a second purchase some weeks later.
    if (r.days > 100 && i % 3 === 1) add('second', r.days - rnd.int(30, 60), Math.round(revenue * 0.6));
  });
  rows.sort((a, b) => b.days * 1440 + b.minutes - (a.days * 1440 + a.minutes));
  for (const row of rows) {
    if (row.days > 200) row.status = 'paid';
    else if (row.days > 60) row.status = 'approved';
    else row.status = 'pending';
  }
  const closest = (days: number) => rows.filter((r) => r.monetary && r.event === 'first').sort((a, b) => Math.abs(a.days - days) - Math.abs(b.days - days))[0]!;
  if (special.denied !== undefined) closest(special.denied).status = 'denied';
  if (special.zero !== undefined) {
    const z = closest(special.zero);
    z.status = 'zero';
    z.amount = 0;
  }
  if (payoutIds) {
    const [paypal, manual, pending] = payoutIds;
    for (const row of rows) {
      if (!row.monetary) continue;
      if (row.status === 'paid') row.payout = row.days > 290 ? paypal : manual;
      if (row.status === 'approved' && row.days > 120) row.payout = pending;
    }
    const sum = (id: number) => rows.filter((r) => r.payout === id).reduce((s, r) => s + r.amount, 0);
    const code = () => rnd.hex(5).toUpperCase();
    payouts.push(
      { id: paypal, company: p.company, amb, amount: sum(paypal), method: 1, status: 'paid', tx: `PAYID-${code()}`, paidDays: 285, days: 288 },
      { id: manual, company: p.company, amb, amount: sum(manual), method: 0, status: 'paid', tx: `MANUAL-${code()}`, paidDays: 190, days: 195 },
      { id: pending, company: p.company, amb, amount: sum(pending), method: 1, status: 'pending', tx: null, paidDays: null, days: 6 },
    );
  } else {
    // No payouts: paid becomes approved (nothing was paid out yet).
    for (const row of rows) if (row.status === 'paid') row.status = 'approved';
  }
  rows.forEach((row, i) => commissions.push({ ...row, id: firstId + i }));
}
makeCommissions('amb-ava', 1001, [501, 502, 503], { denied: 150, zero: 262 });
makeCommissions('amb-alex', 2001, [601, 602, 603], { denied: 170, zero: 250 });
makeCommissions('amb-ben', 1501, null, {});
makeCommissions('amb-sam', 2501, null, {});
makeCommissions('amb-gus', 3001, null, {});

// The story every demo relies on.
for (const amb of ['amb-ava', 'amb-alex']) {
  const mine = commissions.filter((c) => c.amb === amb);
  for (const status of ['pending', 'approved', 'paid', 'zero', 'denied']) {
    if (!mine.some((c) => c.status === status && c.monetary)) throw new Error(`${amb}: no ${status} commission`);
  }
  if (!mine.some((c) => c.event === 'second')) throw new Error(`${amb}: no second-event commission`);
  for (const p of payouts.filter((x) => x.amb === amb)) if (p.amount <= 0) throw new Error(`${amb}: empty payout ${p.id}`);
}
if (!commissions.some((c) => c.amb === 'amb-ava' && !c.monetary)) throw new Error('ava: no non-monetary commission');

// ---------------------------------------------------------------------------------------------------
// Loyalty: tiers, badges, tasks, ledger and balances
// ---------------------------------------------------------------------------------------------------

const tiers: Row[] = [
  { id: 1, uid: 'tier-demo-bronze', company_id: 'demo', name: 'Bronze', color: '#cd7f32', threshold: 0, image: publicFile('brand/demo/tier-bronze.svg', medalSvg('Bronze', 'B', '#cd7f32')), description: 'Welcome aboard! Every new ambassador starts here.', is_active: 1 },
  { id: 2, uid: 'tier-demo-silver', company_id: 'demo', name: 'Silver', color: '#8c959f', threshold: 1000, image: publicFile('brand/demo/tier-silver.svg', medalSvg('Silver', 'S', '#8c959f')), description: 'Earn 1,000 points: 5% bonus points on every referral.', is_active: 1 },
  { id: 3, uid: 'tier-demo-gold', company_id: 'demo', name: 'Gold', color: '#d4a72c', threshold: 5000, image: publicFile('brand/demo/tier-gold.svg', medalSvg('Gold', 'G', '#d4a72c')), description: 'Earn 5,000 points: 10% bonus points and early access.', is_active: 1 },
  { id: 4, uid: 'tier-acme-trailhead', company_id: 'acme', name: 'Trailhead', color: '#8d6e63', threshold: 0, image: publicFile('brand/acme/tier-trailhead.svg', medalSvg('Trailhead', 'T', '#8d6e63')), description: 'Tus primeros pasos con el equipo.', is_active: 1 },
  { id: 5, uid: 'tier-acme-ridge', company_id: 'acme', name: 'Ridge', color: '#2e7d32', threshold: 10, image: publicFile('brand/acme/tier-ridge.svg', medalSvg('Ridge', 'R', '#2e7d32')), description: '10 referidos: envío gratis en tus propios pedidos.', is_active: 1 },
  { id: 6, uid: 'tier-acme-summit', company_id: 'acme', name: 'Summit', color: '#ef6c00', threshold: 25, image: publicFile('brand/acme/tier-summit.svg', medalSvg('Summit', 'S', '#ef6c00')), description: '25 referidos: una escalada guiada con el equipo de Acme.', is_active: 1 },
];

const badge = (id: number, company: CompanyId, slug: string, name: string, color: string, points: number, description: string, active = true): Row => ({
  id, uid: `badge-${company}-${slug}`, company_id: company, name, color, points,
  image: publicFile(`brand/${company}/badge-${slug}.svg`, medalSvg(name, name[0]!, color)), description, is_active: active ? 1 : 0,
});
const badges: Row[] = [
  badge(1, 'demo', 'first-share', 'First share', '#1f6feb', 0, 'Shared your link for the first time.'),
  badge(2, 'demo', 'first-referral', 'First referral', '#2da44e', 100, 'Your first friend placed an order.'),
  badge(3, 'demo', 'rising-star', 'Rising star', '#bf8700', 1000, 'Earned 1,000 points.'),
  badge(4, 'demo', 'superstar', 'Superstar', '#cf222e', 5000, 'Earned 5,000 points.'),
  badge(5, 'demo', 'beta-tester', 'Beta tester', '#8250df', 200, 'Joined during the beta (retired badge).', false),
  badge(6, 'acme', 'trail-starter', 'Primeros pasos', '#2e7d32', 0, 'Te uniste al equipo.'),
  badge(7, 'acme', 'crew-regular', 'Habitual del equipo', '#ef6c00', 500, 'Ganaste 500 Acme Coins.'),
  badge(8, 'acme', 'peak-performer', 'Cumbre de rendimiento', '#c62828', 3000, 'Ganaste 3000 Acme Coins.'),
  badge(9, 'acme', 'founding-member', 'Miembro fundador', '#6d4c41', 0, 'Equipo de la primera temporada (insignia retirada).', false),
];
const ambassadorBadges: Row[] = [
  { ambassador_uid: 'amb-ava', badge_id: 1, company_id: 'demo', earned_at: ago(395) },
  { ambassador_uid: 'amb-ava', badge_id: 2, company_id: 'demo', earned_at: ago(340) },
  { ambassador_uid: 'amb-ava', badge_id: 3, company_id: 'demo', earned_at: ago(210) },
  { ambassador_uid: 'amb-ava', badge_id: 5, company_id: 'demo', earned_at: ago(390) },
  { ambassador_uid: 'amb-ben', badge_id: 1, company_id: 'demo', earned_at: ago(440) },
  { ambassador_uid: 'amb-alex', badge_id: 6, company_id: 'acme', earned_at: ago(390) },
  { ambassador_uid: 'amb-alex', badge_id: 7, company_id: 'acme', earned_at: ago(160) },
  { ambassador_uid: 'amb-alex', badge_id: 9, company_id: 'acme', earned_at: ago(385) },
];

const tasks: Row[] = [
  { id: 1, uid: 'task-demo-profile', company_id: 'demo', campaign_id: null, name: 'Complete your profile', description: 'Add your phone, address and T-shirt size.', points: 50, url: '/app/account', position: 1, is_active: 1 },
  { id: 2, uid: 'task-demo-instagram', company_id: 'demo', campaign_id: null, name: 'Follow Demo Co on Instagram', description: 'Stay on top of new drops.', points: 25, url: 'https://www.instagram.com/democo', position: 2, is_active: 1 },
  { id: 3, uid: 'task-demo-facebook', company_id: 'demo', campaign_id: null, name: 'Share your link on Facebook', description: 'Post your referral link to your timeline.', points: 50, url: null, position: 3, is_active: 1 },
  { id: 4, uid: 'task-demo-review', company_id: 'demo', campaign_id: 101, name: 'Review a summer product', description: 'Write a short review of a product you love.', points: 100, url: 'https://shop.demo.test/reviews', position: 4, is_active: 1 },
  { id: 5, uid: 'task-acme-profile', company_id: 'acme', campaign_id: null, name: 'Completa tu perfil del equipo', description: 'Cuéntanos por dónde sales a explorar.', points: 50, url: '/app/account', position: 1, is_active: 1 },
  { id: 6, uid: 'task-acme-strava', company_id: 'acme', campaign_id: null, name: 'Únete a nuestro club de Strava', description: 'Registra tus carreras de montaña con el equipo.', points: 50, url: 'https://www.strava.com/clubs/acme-outdoor-crew', position: 2, is_active: 1 },
  { id: 7, uid: 'task-acme-photo', company_id: 'acme', campaign_id: 201, name: 'Publica una foto en la montaña', description: 'Etiqueta a @acmeoutdoor en una foto de tu ruta.', points: 100, url: null, position: 3, is_active: 1 },
  { id: 8, uid: 'task-acme-old', company_id: 'acme', campaign_id: null, name: 'Responde a la encuesta de lanzamiento', description: 'Tarea retirada.', points: 20, url: null, position: 9, is_active: 0 },
];
const taskCompletions: Row[] = [
  { ambassador_uid: 'amb-ava', task_id: 1, company_id: 'demo', completed_at: ago(380) },
  { ambassador_uid: 'amb-ava', task_id: 2, company_id: 'demo', completed_at: ago(120) },
  { ambassador_uid: 'amb-alex', task_id: 5, company_id: 'acme', completed_at: ago(385) },
];
// Ava clicked the Facebook task but has not completed it.
ambassadors.find((a) => a.uid === 'amb-ava')!.loyalty_clickable_tasks = json([3]);

interface Entry { company: CompanyId; amb: string; kind: 'points' | 'cash'; type: string; amount: number; status: string; campaign: number | null; referral: number | null; redemption: number | null; task: number | null; description: string; expireDays: number | null; days: number; minutes: number }
const ledger: Entry[] = [];
const entry = (e: Partial<Entry> & Pick<Entry, 'amb' | 'kind' | 'type' | 'amount' | 'description' | 'days'>) =>
  ledger.push({
    company: person(e.amb).company, status: 'posted', campaign: null, referral: null, redemption: null, task: null, expireDays: null,
    minutes: rnd.int(0, 1439), ...e,
  });

// Redemptions first (ids are referenced by the ledger and activities).
const rewards: Row[] = [];
const reward = (company: CompanyId, slug: string, r: Partial<Row> & { name: string; type: number }): Row => {
  const row: Row = {
    uid: `rwd-${company}-${slug}`, company_id: company, name: r.name, type: r.type, brand_kind: r.brand_kind ?? 'default',
    image: r.image ?? null, brand_description: r.brand_description ?? '', disclaimer: r.disclaimer ?? '',
    value_kind: r.value_kind ?? 'fixed', points: r.points ?? 0, min_amount: r.min_amount ?? null, max_amount: r.max_amount ?? null,
    value_minor: r.value_minor ?? null, currency: CURRENCY[company], config: r.config ?? '{}', stock: r.stock ?? null,
    is_active: r.is_active ?? 1, created_at: r.created_at ?? ago(300),
  };
  rewards.push(row);
  return row;
};
const img = (company: CompanyId, slug: string, label: string, color: string) => publicFile(`brand/${company}/reward-${slug}.svg`, cardSvg(label, color));
reward('demo', 'amazon', {
  name: 'Amazon.com Gift Card', type: 2, brand_kind: 'amazon', image: img('demo', 'amazon', 'Amazon.com', '#232f3e'),
  brand_description: 'Amazon.com Gift Cards never expire and can be used on millions of items.',
  disclaimer: 'Restrictions apply, see amazon.com/gc-legal.', points: 1000, value_minor: 1000,
  config: json({ field_kind: 'code', points_per_unit: 100 }),
});
reward('demo', 'target', {
  name: 'Target GiftCard', type: 2, brand_kind: 'target', image: img('demo', 'target', 'Target', '#cc0000'),
  brand_description: 'Use it at any Target store in the U.S. or on Target.com.', disclaimer: 'Target is not a sponsor of this program.',
  value_kind: 'range', min_amount: 500, max_amount: 10000, config: json({ field_kind: 'balance', points_per_unit: 100 }),
});
reward('demo', 'hoodie', {
  name: 'Demo Co hoodie', type: 1, image: img('demo', 'hoodie', 'Demo Co hoodie', '#1f6feb'),
  brand_description: 'Our organic-cotton ambassador hoodie, shipped to your profile address.', points: 2500, value_minor: 4500,
  stock: 12, config: json({ field_kind: 'quantity' }),
});
reward('demo', 'voucher', {
  name: '20% off your next order', type: 3, brand_kind: 'promo', image: img('demo', 'voucher', '20% off', '#2da44e'),
  brand_description: 'A single-use code for 20% off at shop.demo.test.', disclaimer: 'Valid for 90 days.', points: 300,
  config: json({ field_kind: 'code' }),
});
reward('demo', 'basspro', {
  name: 'Bass Pro Shops Gift Card', type: 2, brand_kind: 'bass_pro', image: img('demo', 'basspro', 'Bass Pro Shops', '#3e5b2b'),
  brand_description: 'Gear for the great outdoors.', points: 2500, value_minor: 2500, stock: 0, config: json({ field_kind: 'code', points_per_unit: 100 }),
});
reward('acme', 'store-credit', {
  name: 'Crédito en la tienda Acme', type: 1, image: img('acme', 'store-credit', 'Crédito Acme', '#1b5e20'),
  brand_description: 'Crédito para cualquier compra en acme-outdoor.test.', points: 500, value_minor: 1000, config: json({ field_kind: 'code' }),
});
reward('acme', 'sport-card', {
  name: 'Tarjeta regalo para tiendas de deporte', type: 2, brand_kind: 'tango', image: img('acme', 'sport-card', 'Tarjeta deporte', '#0277bd'),
  brand_description: 'Válida en tiendas de deporte de toda Europa.', disclaimer: 'La emite nuestro socio de tarjetas regalo.',
  value_kind: 'range', min_amount: 200, max_amount: 2000, config: json({ field_kind: 'balance', points_per_unit: 50 }),
});
reward('acme', 'trail-map', {
  name: 'Mapa de senderos gratis', type: 3, brand_kind: 'promo', image: img('acme', 'trail-map', 'Mapa de senderos', '#ef6c00'),
  brand_description: 'Un cupón para un mapa impreso de senderos a tu elección.', points: 150, config: json({ field_kind: 'code' }),
});
reward('acme', 'tent', {
  name: 'Tienda de campaña Summit 2', type: 1, image: img('acme', 'tent', 'Summit 2', '#5d4037'),
  brand_description: 'Nuestra tienda para dos personas más ligera.', points: 5000, value_minor: 34900, stock: 0, config: json({ field_kind: 'quantity' }),
});
reward('globex', 'mug', { name: 'Globex mug', type: 1, points: 200, value_minor: 1200, config: json({ field_kind: 'quantity' }) });

const vaultItems: Row[] = [
  { uid: 'vlt-demo-prepaid', company_id: 'demo', campaign_id: null, name: 'Virtual Prepaid Visa', description: 'A virtual prepaid Visa card, delivered by e-mail.', image: img('demo', 'prepaid-visa', 'Prepaid Visa', '#1a1f71'), payment_type: 'prepaid', currency: 'USD', is_active: 1, created_at: ago(300) },
  { uid: 'vlt-demo-paypal', company_id: 'demo', campaign_id: null, name: 'PayPal cash out', description: 'Cash sent to your PayPal e-mail.', image: img('demo', 'paypal', 'PayPal', '#003087'), payment_type: 'cash', currency: 'USD', is_active: 1, created_at: ago(300) },
  { uid: 'vlt-demo-vip', company_id: 'demo', campaign_id: 103, name: 'VIP studio visit', description: 'Visit the Demo Co studio (VIP Insiders only).', image: img('demo', 'vip-visit', 'Studio visit', '#8250df'), payment_type: 'gift-card', currency: 'USD', is_active: 1, created_at: ago(200) },
  { uid: 'vlt-acme-giftcard', company_id: 'acme', campaign_id: null, name: 'Tarjeta regalo Acme Outdoor', description: 'Úsala en todo el material de acme-outdoor.test.', image: img('acme', 'giftcard', 'Tarjeta Acme', '#1b5e20'), payment_type: 'gift-card', currency: 'EUR', is_active: 1, created_at: ago(300) },
  { uid: 'vlt-acme-prepaid', company_id: 'acme', campaign_id: null, name: 'Virtual Prepaid MasterCard', description: 'Una MasterCard prepago virtual, por correo electrónico.', image: img('acme', 'prepaid-mc', 'Prepaid MasterCard', '#eb001b'), payment_type: 'prepaid', currency: 'EUR', is_active: 1, created_at: ago(250) },
];
const variants: Row[] = [
  { uid: 'vv-demo-prepaid-10', company_id: 'demo', vault_item_uid: 'vlt-demo-prepaid', name: '$10 card', cost: 1000, value_minor: 1000, stock: null, is_active: 1 },
  { uid: 'vv-demo-prepaid-25', company_id: 'demo', vault_item_uid: 'vlt-demo-prepaid', name: '$25 card', cost: 2500, value_minor: 2500, stock: 50, is_active: 1 },
  { uid: 'vv-demo-prepaid-50', company_id: 'demo', vault_item_uid: 'vlt-demo-prepaid', name: '$50 card', cost: 5000, value_minor: 5000, stock: 0, is_active: 1 },
  { uid: 'vv-demo-paypal-5', company_id: 'demo', vault_item_uid: 'vlt-demo-paypal', name: '$5', cost: 500, value_minor: 500, stock: null, is_active: 1 },
  { uid: 'vv-demo-paypal-20', company_id: 'demo', vault_item_uid: 'vlt-demo-paypal', name: '$20', cost: 2000, value_minor: 2000, stock: null, is_active: 1 },
  { uid: 'vv-demo-vip-visit', company_id: 'demo', vault_item_uid: 'vlt-demo-vip', name: 'Studio visit for two', cost: 3000, value_minor: 5000, stock: 3, is_active: 1 },
  { uid: 'vv-acme-giftcard-10', company_id: 'acme', vault_item_uid: 'vlt-acme-giftcard', name: '€10', cost: 1000, value_minor: 1000, stock: null, is_active: 1 },
  { uid: 'vv-acme-giftcard-25', company_id: 'acme', vault_item_uid: 'vlt-acme-giftcard', name: '€25', cost: 2500, value_minor: 2500, stock: 0, is_active: 1 },
  { uid: 'vv-acme-giftcard-50', company_id: 'acme', vault_item_uid: 'vlt-acme-giftcard', name: '€50', cost: 5000, value_minor: 5000, stock: 20, is_active: 1 },
  { uid: 'vv-acme-prepaid-20', company_id: 'acme', vault_item_uid: 'vlt-acme-prepaid', name: 'Tarjeta de 20 €', cost: 2000, value_minor: 2000, stock: null, is_active: 1 },
];

interface Redemption { id: number; company: CompanyId; amb: string; kind: 'gift_card' | 'vault'; reward: string | null; vault: string | null; variant: string | null; amount: number; spend: 'points' | 'cash'; status: string; details: Record<string, string | null>; days: number }
const redemptions: Redemption[] = [
  {
    id: 701, company: 'demo', amb: 'amb-ava', kind: 'gift_card', reward: 'rwd-demo-amazon', vault: null, variant: null, amount: 1000,
    spend: 'points', status: 'completed', days: 118,
    details: {
      card_name: 'Amazon.com Gift Card', card_number: '6045 7712 0093 4821', card_code: 'AQ7K-92LM-XC4P', card_pin: '4821',
      redemption_url: 'https://www.amazon.com/gc/redeem', security_url: null, security_code: null, order_id: 'RA-230915-01234',
    },
  },
  { id: 702, company: 'demo', amb: 'amb-ava', kind: 'vault', reward: null, vault: 'vlt-demo-prepaid', variant: 'vv-demo-prepaid-25', amount: 2500, spend: 'cash', status: 'processing', details: {}, days: 2 },
  {
    id: 801, company: 'acme', amb: 'amb-alex', kind: 'gift_card', reward: 'rwd-acme-store-credit', vault: null, variant: null, amount: 500,
    spend: 'points', status: 'completed', days: 95,
    details: {
      card_name: 'Crédito en la tienda Acme', card_number: null, card_code: 'ACME-TRAIL-5KQ2', card_pin: null,
      redemption_url: 'https://www.acme-outdoor.test/redeem', security_url: null, security_code: null, order_id: 'AO-R-77120',
    },
  },
  { id: 802, company: 'acme', amb: 'amb-alex', kind: 'gift_card', reward: 'rwd-acme-sport-card', vault: null, variant: null, amount: 300, spend: 'points', status: 'processing', details: {}, days: 1 },
  { id: 803, company: 'acme', amb: 'amb-alex', kind: 'vault', reward: null, vault: 'vlt-acme-giftcard', variant: 'vv-acme-giftcard-10', amount: 1000, spend: 'cash', status: 'completed', days: 60,
    details: { card_name: 'Tarjeta regalo Acme Outdoor', card_number: '7301 4410 8852', card_code: 'AOGC-10-7HD3', card_pin: '3312', redemption_url: 'https://www.acme-outdoor.test/giftcard', security_url: null, security_code: null, order_id: 'AO-V-55102' } },
];
/** What a redemption redeemed, as its hold's description and its item_name (migration 0017) say it. */
const itemName = (r: Redemption) => (r.reward ? rewards.find((x) => x.uid === r.reward)!.name : variants.find((x) => x.uid === r.variant)!.name);

// Points per referral (non-denied first events), tasks, a welcome bonus, short-lived bonuses; cash bonuses;
// spends. Expiries, and the posting of fulfilled redemptions, come from replay() below.
function loyaltyFor(amb: string, perReferral: number, welcome: number, tasksDone: { task: number; days: number }[], cash: { amount: number; days: number; description: string }[], bonuses: { kind: 'points' | 'cash'; amount: number; days: number; expireDays: number; description: string }[]) {
  const p = person(amb);
  const yearAfter = (days: number) => days - 365; // expire_at: a year after earning (negative = past)
  entry({ amb, kind: 'points', type: 'earn', amount: welcome, description: 'Welcome bonus', days: p.created - 1, expireDays: yearAfter(p.created - 1) });
  for (const t of tasksDone) {
    const task = tasks.find((x) => x.id === t.task)!;
    // The entry names its task (migration 0025): readers show the task's name in their language.
    entry({ amb, kind: 'points', type: 'earn', amount: task.points as number, description: `Task completed: ${task.name}`, task: t.task, days: t.days, expireDays: yearAfter(t.days) });
  }
  for (const c of commissions.filter((x) => x.amb === amb && x.event === 'first' && x.status !== 'denied')) {
    entry({
      amb, kind: 'points', type: 'earn', amount: perReferral, description: `Referral: ${c.referral.name}`, campaign: c.campaign,
      referral: c.referral.id, days: c.days, minutes: Math.max(c.minutes - 1, 0), expireDays: yearAfter(c.days),
    });
  }
  for (const c of cash) entry({ amb, kind: 'cash', type: 'earn', amount: c.amount, description: c.description, days: c.days, expireDays: yearAfter(c.days) });
  for (const b of bonuses) entry({ amb, kind: b.kind, type: 'earn', amount: b.amount, description: b.description, days: b.days, expireDays: b.expireDays });
  for (const r of redemptions.filter((x) => x.amb === amb)) {
    entry({ amb, kind: r.spend, type: 'redeem', amount: -r.amount, description: `Redeemed: ${itemName(r)}`, redemption: r.id, days: r.days });
  }
}
loyaltyFor('amb-ava', 100, 500, [{ task: 1, days: 380 }, { task: 2, days: 120 }],
  [{ amount: 500, days: 399, description: 'Launch cash bonus' }, { amount: 2000, days: 330, description: 'Cash bonus: 5 referrals' }, { amount: 1000, days: 150, description: 'Summer cash bonus' }, { amount: 1000, days: 40, description: 'Cash bonus: VIP referral' }],
  [{ kind: 'points', amount: 150, days: 100, expireDays: 34, description: 'Spring challenge bonus (60 days)' },
    { kind: 'points', amount: 200, days: 80, expireDays: -10, description: 'Flash challenge bonus (90 days)' }]);
loyaltyFor('amb-alex', 50, 250, [{ task: 5, days: 385 }],
  // Texts acme wrote itself (operator entries), so in acme's own language: shown as written in every language.
  [{ amount: 1500, days: 300, description: 'Bono del equipo' }, { amount: 800, days: 120, description: 'Premio del reto de primavera' }, { amount: 300, days: 380, description: 'Bono de lanzamiento' }],
  [{ kind: 'points', amount: 100, days: 84, expireDays: 24, description: 'Bono por limpiar el sendero (60 días)' },
    { kind: 'cash', amount: 300, days: 75, expireDays: 14, description: 'Premio del concurso de fotos (60 días)' }]);

/** A ledger row as written: with its id, and the lot an expiry takes from or the hold a posting settles. */
/** Sequential ids per company from a base, so each tenant's rows have a readable id range. */
const idsFrom = (bases: Record<CompanyId, number>) => {
  const next = { ...bases };
  return (company: CompanyId) => ++next[company];
};
interface LedgerRow extends Entry { id: number; lot: number | null; settles: number | null }
const ledgerId = idsFrom({ demo: 5000, acme: 6000, globex: 6500 });

/**
 * The ledger in the order it happened, replayed with the rules of migrations/0005 (which the triggers
 * apply again on load): a lot expires when its expire_at passes with something left (an expire entry for
 * what is left); a spend takes the soonest-expiring open lots first; a completed redemption's hold is
 * posted a minute after it; one still processing stays held. Returns the rows and the balances they make.
 */
function replay(amb: string) {
  const at = (e: { days: number; minutes: number }) => e.days * 1440 + e.minutes; // minutes ago
  const mine = ledger.filter((e) => e.amb === amb).sort((a, b) => at(b) - at(a));
  const rows: LedgerRow[] = [];
  const lots: { row: LedgerRow; left: number; expires: number | null }[] = [];
  const push = (e: Entry, more: Partial<LedgerRow> = {}) => {
    const row: LedgerRow = { ...e, id: ledgerId(e.company), lot: null, settles: null, ...more };
    rows.push(row);
    return row;
  };
  const expireUntil = (ago: number) => {
    const due = lots.filter((l) => l.left > 0 && l.expires !== null && l.expires >= ago).sort((a, b) => b.expires! - a.expires!);
    for (const l of due) {
      push({ ...l.row, type: 'expire', amount: -l.left, description: 'Expired: not redeemed in time', campaign: null, referral: null, redemption: null, task: null, expireDays: null, days: l.expires! / 1440, minutes: 0 }, { lot: l.row.id });
      l.left = 0;
    }
  };
  for (const e of mine) {
    expireUntil(at(e));
    if (e.type === 'earn') {
      const row = push(e);
      lots.push({ row, left: e.amount, expires: e.expireDays === null ? null : e.expireDays * 1440 });
      continue;
    }
    let need = -e.amount;
    const open = lots.filter((l) => l.row.kind === e.kind && l.left > 0 && (l.expires === null || l.expires < at(e)))
      .sort((a, b) => (a.expires === null ? 1 : 0) - (b.expires === null ? 1 : 0) || (b.expires ?? 0) - (a.expires ?? 0) || a.row.id - b.row.id);
    for (const l of open) {
      const take = Math.min(l.left, need);
      l.left -= take;
      need -= take;
      if (need === 0) break;
    }
    if (need > 0) throw new Error(`${amb}: the seed spends more than it earned (${e.description})`);
    const hold = push(e);
    const r = redemptions.find((x) => x.id === e.redemption)!;
    if (r.status === 'completed') push({ ...e, type: 'post', amount: 0, description: e.description, minutes: Math.max(e.minutes - 1, 0) }, { settles: hold.id });
  }
  expireUntil(0);
  return rows;
}
const ledgerRows = people.map((p) => replay(p.uid)).flat();

// ---------------------------------------------------------------------------------------------------
// Activities (the recent-activity feed): commissions, points, cash, tasks, payouts, redemptions
// ---------------------------------------------------------------------------------------------------

interface Activity { company: CompanyId; amb: string; campaign: number | null; type: string; name: string | null; email: string | null; amount: number | null; currency: string | null; points: number | null; status: string; method: number | null; expireDays: number | null; data: [string | null, string | null, string | null]; payout: number | null; redemption: number | null; task: number | null; days: number; minutes: number }
const activities: Activity[] = [];
const act = (a: Partial<Activity> & Pick<Activity, 'amb' | 'type' | 'status' | 'days'>) => {
  const company = person(a.amb).company;
  activities.push({
    company, campaign: null, name: null, email: null, amount: null, currency: null, points: null, method: null, expireDays: null,
    data: [null, null, null], payout: null, redemption: null, task: null, minutes: rnd.int(0, 1439), ...a,
  });
};
const money = (company: CompanyId, minor: number) => (CURRENCY[company] === 'EUR' ? `€${(minor / 100).toFixed(2)}` : `$${(minor / 100).toFixed(2)}`);

function activitiesFor(amb: string) {
  const company = person(amb).company;
  const mine = commissions.filter((c) => c.amb === amb && c.status !== 'zero');
  const commissionActivity = (c: Commission) => act({
    amb, campaign: c.campaign, type: 'commission', name: c.referral.name, email: c.referral.email,
    amount: c.amount, currency: CURRENCY[company], status: c.status, days: c.days, minutes: c.minutes,
    data: [c.tx, c.event === 'first' ? 'records.firstPurchase' : 'records.returningPurchase', c.monetary ? money(company, c.revenue) : 'records.storeCredit'],
  });
  const newest = [...mine].sort((a, b) => a.days - b.days);
  const picked = new Set<Commission>([
    ...newest.filter((c) => c.status === 'pending').slice(0, 4),
    ...newest.filter((c) => c.status === 'approved').slice(0, 3),
    ...newest.filter((c) => c.status === 'denied'),
    ...newest.filter((c) => c.status === 'paid').slice(0, 3),
    ...newest.filter((c) => !c.monetary).slice(0, 1),
  ]);
  for (const c of picked) commissionActivity(c);
  const earns = ledger.filter((e) => e.amb === amb && e.kind === 'points' && e.type === 'earn' && e.referral !== null).sort((a, b) => a.days - b.days).slice(0, 5);
  for (const e of earns) {
    const r = referrals.find((x) => x.id === e.referral)!;
    act({ amb, campaign: e.campaign, type: 'points', name: r.name, email: r.email, points: e.amount, status: 'earn', days: e.days, minutes: e.minutes, expireDays: e.expireDays, data: ['rewards.entry.referralReward', null, null] });
  }
  for (const e of ledgerRows.filter((x) => x.amb === amb && x.type === 'expire')) {
    act({ amb, type: e.kind, points: e.kind === 'points' ? -e.amount : null, amount: e.kind === 'cash' ? -e.amount : null, currency: e.kind === 'cash' ? CURRENCY[company] : null, status: 'expired', days: e.days, minutes: e.minutes, data: ['records.notRedeemedInTime', null, null] });
  }
  for (const e of ledger.filter((x) => x.amb === amb && x.kind === 'points' && x.type === 'earn' && x.description.startsWith('Task'))) {
    act({ amb, type: 'task', points: e.amount, status: 'earn', days: e.days, minutes: e.minutes, expireDays: e.expireDays, task: e.task, data: [e.description.replace('Task completed: ', ''), null, null] });
  }
  for (const e of ledger.filter((x) => x.amb === amb && x.kind === 'cash' && x.type === 'earn').sort((a, b) => a.days - b.days).slice(0, 2)) {
    act({ amb, type: 'cash', amount: e.amount, currency: CURRENCY[company], status: 'earn', days: e.days, minutes: e.minutes, expireDays: e.expireDays, data: [e.description, null, null] });
  }
  for (const p of payouts.filter((x) => x.amb === amb)) {
    act({ amb, type: 'payout', amount: p.amount, currency: CURRENCY[company], status: p.status === 'paid' ? 'paid' : 'pending', method: p.method, payout: p.id, days: p.paidDays ?? p.days, data: [p.tx, null, null] });
  }
  for (const r of redemptions.filter((x) => x.amb === amb)) {
    const label = r.reward ? rewards.find((x) => x.uid === r.reward)!.name as string : `${vaultItems.find((x) => x.uid === r.vault)!.name} ${variants.find((x) => x.uid === r.variant)!.name}`;
    act({
      amb, type: 'redemption', points: r.spend === 'points' ? r.amount : null, amount: r.spend === 'cash' ? r.amount : null,
      currency: r.spend === 'cash' ? CURRENCY[company] : null, status: r.status === 'completed' ? 'redeemed' : 'processing',
      method: r.kind === 'gift_card' ? 4 : 8, redemption: r.id, days: r.days,
      // A delivered card is valid for a year.
      expireDays: r.status === 'completed' ? r.days - 365 : null,
      data: [label, r.details.order_id ?? null, r.kind === 'gift_card' ? 'records.giftCard' : 'records.rewardsVault'],
    });
  }
}
activitiesFor('amb-ava');
activitiesFor('amb-alex');
for (const amb of ['amb-ben', 'amb-sam', 'amb-gus']) {
  for (const c of commissions.filter((x) => x.amb === amb)) {
    act({ amb, campaign: c.campaign, type: 'commission', name: c.referral.name, email: c.referral.email, amount: c.amount, currency: CURRENCY[c.company], status: c.status, days: c.days, minutes: c.minutes, data: [c.tx, 'records.firstPurchase', money(c.company, c.revenue)] });
  }
}
activities.sort((a, b) => (a.amb === b.amb ? b.days * 1440 + b.minutes - (a.days * 1440 + a.minutes) : a.amb < b.amb ? -1 : 1));
for (const amb of ['amb-ava', 'amb-alex']) {
  const statuses = new Set(activities.filter((a) => a.amb === amb).map((a) => a.status));
  for (const s of ['approved', 'denied', 'earn', 'expired', 'paid', 'pending', 'processing', 'redeemed']) {
    if (!statuses.has(s)) throw new Error(`${amb}: no activity with status ${s}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Notifications, e-mail link codes, assets
// ---------------------------------------------------------------------------------------------------

const notificationSettings: Row[] = people.map((p) => ({
  ambassador_uid: p.uid, company_id: p.company,
  earn_pending_commission: p.uid === 'amb-ben' ? 0 : 1, commission_approved: 1, commission_denied: p.uid === 'amb-alex' ? 0 : 1,
  payout_fulfilled: 1, unsubscribe_all: p.uid === 'amb-gone' ? 1 : 0,
}));

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const optoutCodes = people.map((p) => ({ p, code: `optout-${local(p)}` }));
const emailLinkCodes: Row[] = optoutCodes.map(({ p, code }) => ({
  code_hash: sha256(code), company_id: p.company, ambassador_uid: p.uid, purpose: 'optout', created_at: ago(Math.max(p.created - 1, 0)),
}));

const assets: Row[] = [];
const assetKinds = [
  { kind: 'video', suffix: 'teaser.mp4', title: 'teaser video', type: 'video/mp4' },
  { kind: 'image', suffix: 'banner.png', title: 'social banner', type: 'image/png' },
  { kind: 'audio', suffix: 'jingle.mp3', title: 'radio jingle', type: 'audio/mpeg' },
  { kind: 'pdf', suffix: 'brand-guide.pdf', title: 'brand guide', type: 'application/pdf' },
  { kind: 'other', suffix: 'press-kit.zip', title: 'press kit', type: 'application/zip' },
] as const;
for (const c of campaigns) {
  const b = BRAND[c.company];
  const kinds = c.company === 'globex' ? assetKinds.filter((k) => k.kind === 'image') : assetKinds;
  kinds.forEach((k, i) => {
    const uid = `ast-${c.company}-${c.slug}-${k.kind}`;
    const fileName = `${c.slug}-${k.suffix}`;
    const key = `assets/${c.company}/${uid}/${fileName}`;
    let body: Buffer;
    if (k.kind === 'video') body = tinyMp4(b.primary, b.accent);
    else if (k.kind === 'image') body = bannerPng(600, 314, b.primary, b.accent);
    else if (k.kind === 'audio') body = silentMp3(38);
    else if (k.kind === 'pdf') body = pdf(`${b.name} brand guide`, `${c.name}: logos, colours and the dos and don'ts of sharing.`);
    else body = zip([
      { name: 'README.txt', text: `${b.name} press kit for ${c.name}.\nUse these files when you share your referral link.\n` },
      { name: 'boilerplate.txt', text: `${c.description}\n` },
    ]);
    const size = r2(key, k.type, body);
    let thumbnail: string | null = null;
    if (k.kind === 'video' || k.kind === 'image') {
      thumbnail = `assets/${c.company}/${uid}/thumb.png`;
      r2(thumbnail, 'image/png', bannerPng(240, 126, b.primary, k.kind === 'video' ? b.dark : b.accent));
    }
    assets.push({
      uid, company_id: c.company, campaign_id: c.id, title: `${c.name} ${k.title}`, file_key: key, file_name: fileName,
      content_type: k.type, size_bytes: size, thumbnail_key: thumbnail, created_at: ago(c.created - 10 - i * 7),
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The SQL file
// ---------------------------------------------------------------------------------------------------

const IN_COMPANIES = `company_id IN (${COMPANIES.map((c) => lit(c)).join(', ')})`;

// The append-only triggers (ledger, lot uses), exactly as the last migration that wrote them has them (0017: coded messages).
const migration = ['0001_init.sql', '0005_loyalty_ledger.sql', '0017_money_error_codes.sql'].map((f) => readFileSync(path.join(root, 'migrations', f), 'utf8')).join('\n');
const triggers = [...migration.matchAll(/CREATE TRIGGER loyalty_(?:ledger|lot_uses)_no_(?:update|delete)[\s\S]*?END;/g)].map((m) => m[0]).slice(-4);
if (triggers.length !== 4 || triggers.some((t) => t.includes(';\n'))) throw new Error('could not read the loyalty_ledger triggers from the migration');

const reset = [
  // Children before parents. Rows of these companies made at run time (tests, a demo session) go too.
  'activities', 'commissions', 'payouts', 'redemptions', 'loyalty_balances', 'vault_item_variants', 'vault_items', 'rewards',
  'ambassador_badges', 'badges', 'task_completions', 'tasks', 'tiers', 'clicks', 'shares', 'referrals', 'share_links', 'assets',
  'email_link_codes', 'notification_settings', 'email_outbox', 'reset_codes', 'api_tokens', 'client_sessions', 'sso_tokens_used',
  'operator_api_keys', 'idempotency_keys', 'staff_sessions', 'staff_recovery_codes', 'staff_accounts',
  'ambassador_campaigns', 'ambassadors', 'users', 'customizations', 'campaigns', 'languages', 'groups', 'company_hosts',
];
// loyalty_ledger references redemptions and referrals, so it goes right after activities; its
// append-only triggers are dropped for the delete and put back as the migration wrote them.
const resetSql = [
  `DELETE FROM activities WHERE ${IN_COMPANIES};\n`,
  'DROP TRIGGER IF EXISTS loyalty_ledger_no_update;\n',
  'DROP TRIGGER IF EXISTS loyalty_ledger_no_delete;\n',
  'DROP TRIGGER IF EXISTS loyalty_lot_uses_no_update;\n',
  'DROP TRIGGER IF EXISTS loyalty_lot_uses_no_delete;\n',
  `DELETE FROM loyalty_notices WHERE ${IN_COMPANIES};\n`,
  `DELETE FROM loyalty_lot_uses WHERE ${IN_COMPANIES};\n`,
  `DELETE FROM loyalty_lots WHERE ${IN_COMPANIES};\n`,
  `DELETE FROM reward_codes WHERE ${IN_COMPANIES};\n`,
  `DELETE FROM loyalty_ledger WHERE ${IN_COMPANIES};\n`,
  ...triggers.map((t) => `${t}\n`),
  ...reset.slice(1).map((t) =>
    t === 'company_hosts'
      ? `DELETE FROM company_hosts WHERE ${IN_COMPANIES} OR host IN (${Object.keys(HOSTS).map((h) => lit(h)).join(', ')});\n`
      : `DELETE FROM ${t} WHERE ${IN_COMPANIES};\n`,
  ),
  // Login and forgot-password throttles: a fresh demo starts unthrottled.
  'DELETE FROM rate_limits;\n',
  `DELETE FROM companies WHERE id IN (${COMPANIES.map((c) => lit(c)).join(', ')});\n`,
].join('');

section('Reset: remove every row of the demo companies (the file can be loaded again at any time)', resetSql);
section('Companies and the hosts that serve them', insert('companies', companies, 1)
  + insert('company_hosts', Object.entries(HOSTS).map(([host, company_id]) => ({ host, company_id })))
  + insert('groups', groups) + insert('languages', languages));
section('Campaigns', insert('campaigns', campaigns.map((c) => ({
  id: c.id, uid: c.uid, company_id: c.company, name: c.name, description: c.description, is_active: c.active ? 1 : 0,
  is_hidden_dashboard: c.hidden ? 1 : 0, url: c.url, allowed_hosts: json(c.allowed_hosts), native_message: c.native_message,
  portal_logo: c.logo, commission_rate_bps: c.bps, created_at: ago(c.created), translations: json(c.translations ?? {}),
  commission_type: c.rule?.type ?? 'percentage', commission_fixed_minor: c.rule?.fixed ?? 0,
  commission_is_monetary: c.rule?.monetary === false ? 0 : 1, loyalty_points: c.rule?.points ?? 0,
})), 1));
section('Customizations: company settings and one campaign-level override (acme Summit Club)', insert('customizations', customizations, 1));
section(`Users (password for all: ${DEMO_PASSWORD}, newbie has none yet) and ambassadors`, insert('users', users, 1) + insert('ambassadors', ambassadors, 1)
  + insert('ambassador_campaigns', memberships));
section('Share links: the default (is_default = 1) is the referral link of a membership', insert('share_links', links.map((l) => ({
  uid: l.uid, company_id: l.company, ambassador_uid: l.amb, campaign_id: l.campaign, short_code: l.code, is_default: l.isDefault ? 1 : 0,
  description: l.description, source: l.source, medium: l.medium, redirect_url: l.redirect, created_at: ago(l.created), updated_at: ago(l.created),
}))));
section('Clicks (counted = 0: repeats within the window)', insert('clicks', clicks.map((c) => ({
  company_id: c.link.company, share_link_uid: c.link.uid, campaign_id: c.link.campaign, ambassador_uid: c.link.amb,
  referrer_host: c.referrer, country: c.country, client_hash: c.hash, counted: c.counted ? 1 : 0, created_at: ago(c.days, c.minutes),
})), 40));
section('Shares', insert('shares', shares, 40));
section('Referrals', insert('referrals', referrals.map((r) => ({
  id: r.id, company_id: r.company, ambassador_uid: r.amb, campaign_id: r.link.campaign, share_link_uid: r.link.uid,
  name: r.name, email: r.email, created_at: ago(r.days, r.minutes),
}))));
section('Payouts (before the commissions that point at them)', insert('payouts', payouts.map((p) => ({
  id: p.id, uid: `po-${p.id}`, company_id: p.company, ambassador_uid: p.amb, amount_minor: p.amount, currency: CURRENCY[p.company],
  payment_method: p.method, status: p.status, transaction_id: p.tx, paid_at: p.paidDays === null ? null : ago(p.paidDays), created_at: ago(p.days),
}))));
section('Commissions', insert('commissions', commissions.map((c) => ({
  id: c.id, uid: `com-${c.id}`, company_id: c.company, ambassador_uid: c.amb, campaign_id: c.campaign, referral_id: c.referral.id, transaction_id: c.tx,
  revenue_minor: c.revenue, amount_minor: c.amount, currency: CURRENCY[c.company], is_monetary: c.monetary ? 1 : 0, event: c.event,
  status: c.status, payout_id: c.payout, created_at: ago(c.days, c.minutes),
}))));
// Task, reward, tier and badge texts per language (issue 21, migrations 0023 and 0024; campaigns carry theirs
// above): each row is written in its company's default language (demo: English, acme: Spanish); `translations`
// holds the other languages it serves (here demo: Spanish and French, acme: English and French; the other base
// languages come from otherLanguageTexts above). A row or a text left out shows the row's own.
const rowTexts: Record<string, Record<string, Record<string, string>>> = {
  'task-demo-profile': {
    es: { name: 'Completa tu perfil', description: 'Añade tu teléfono, tu dirección y tu talla de camiseta.' },
    fr: { name: 'Complétez votre profil', description: 'Ajoutez votre téléphone, votre adresse et votre taille de T-shirt.' },
  },
  'task-demo-instagram': {
    es: { name: 'Sigue a Demo Co en Instagram', description: 'Entérate de las novedades.' },
    fr: { name: 'Suivez Demo Co sur Instagram', description: 'Soyez au courant des nouveautés.' },
  },
  'task-demo-facebook': {
    es: { name: 'Comparte tu enlace en Facebook', description: 'Publica tu enlace de referido en tu muro.' },
    fr: { name: 'Partagez votre lien sur Facebook', description: 'Publiez votre lien de parrainage sur votre journal.' },
  },
  'task-demo-review': {
    es: { name: 'Reseña un producto de verano', description: 'Escribe una reseña corta de un producto que te encante.' },
    fr: { name: 'Donnez votre avis sur un produit d’été', description: 'Écrivez un court avis sur un produit que vous aimez.' },
  },
  'task-acme-profile': {
    en: { name: 'Complete your crew profile', description: 'Tell us where you go exploring.' },
    fr: { name: 'Complétez votre profil d’équipe', description: 'Dites-nous où vous partez explorer.' },
  },
  'task-acme-strava': {
    en: { name: 'Join our Strava club', description: 'Log your mountain runs with the crew.' },
    fr: { name: 'Rejoignez notre club Strava', description: 'Enregistrez vos courses en montagne avec l’équipe.' },
  },
  'task-acme-photo': {
    en: { name: 'Post a photo on the mountain', description: 'Tag @acmeoutdoor in a photo of your route.' },
    fr: { name: 'Publiez une photo en montagne', description: 'Identifiez @acmeoutdoor sur une photo de votre itinéraire.' },
  },
  'rwd-demo-amazon': { es: { name: 'Tarjeta regalo de Amazon.com' }, fr: { name: 'Carte cadeau Amazon.com' } },
  'rwd-demo-hoodie': {
    es: { name: 'Sudadera de Demo Co', brand_description: 'Nuestra sudadera de algodón orgánico para embajadores, enviada a la dirección de tu perfil.' },
    fr: { name: 'Sweat à capuche Demo Co', brand_description: 'Notre sweat en coton bio pour les ambassadeurs, envoyé à l’adresse de votre profil.' },
  },
  'rwd-demo-voucher': {
    es: { name: '20 % de descuento en tu próximo pedido', brand_description: 'Un código de un solo uso con un 20 % de descuento en shop.demo.test.', disclaimer: 'Válido durante 90 días.' },
    fr: { name: '20 % de réduction sur votre prochaine commande', brand_description: 'Un code à usage unique pour 20 % de réduction sur shop.demo.test.', disclaimer: 'Valable 90 jours.' },
  },
  'rwd-acme-store-credit': {
    en: { name: 'Acme store credit', brand_description: 'Credit for any purchase at acme-outdoor.test.' },
    fr: { name: 'Avoir en boutique Acme', brand_description: 'Un avoir pour tout achat sur acme-outdoor.test.' },
  },
  'rwd-acme-sport-card': {
    en: { name: 'Sports store gift card', brand_description: 'Valid at sports stores across Europe.', disclaimer: 'Issued by our gift card partner.' },
    fr: { name: 'Carte cadeau magasins de sport', brand_description: 'Valable dans les magasins de sport de toute l’Europe.', disclaimer: 'Émise par notre partenaire de cartes cadeaux.' },
  },
  'rwd-acme-trail-map': {
    en: { name: 'Free trail map', brand_description: 'A voucher for a printed trail map of your choice.' },
    fr: { name: 'Carte de randonnée offerte', brand_description: 'Un bon pour une carte de randonnée imprimée au choix.' },
  },
  'rwd-acme-tent': {
    en: { name: 'Summit 2 tent', brand_description: 'Our lightest two-person tent.' },
    fr: { name: 'Tente Summit 2', brand_description: 'Notre tente deux places la plus légère.' },
  },
  'vlt-demo-prepaid': {
    es: { name: 'Visa prepago virtual', description: 'Una tarjeta Visa prepago virtual, enviada por correo electrónico.' },
    fr: { name: 'Carte Visa prépayée virtuelle', description: 'Une carte Visa prépayée virtuelle, envoyée par e-mail.' },
  },
  'vlt-demo-paypal': {
    es: { name: 'Cobro por PayPal', description: 'Dinero enviado a tu correo de PayPal.' },
    fr: { name: 'Retrait PayPal', description: 'De l’argent envoyé à votre adresse PayPal.' },
  },
  'vlt-demo-vip': {
    es: { name: 'Visita VIP al estudio', description: 'Visita el estudio de Demo Co (solo VIP Insiders).' },
    fr: { name: 'Visite VIP du studio', description: 'Visitez le studio Demo Co (VIP Insiders uniquement).' },
  },
  'vlt-acme-giftcard': {
    en: { name: 'Acme Outdoor gift card', description: 'Use it on all the gear at acme-outdoor.test.' },
    fr: { name: 'Carte cadeau Acme Outdoor', description: 'Utilisez-la sur tout le matériel d’acme-outdoor.test.' },
  },
  'vlt-acme-prepaid': {
    en: { description: 'A virtual prepaid MasterCard, by e-mail.' },
    fr: { name: 'MasterCard prépayée virtuelle', description: 'Une MasterCard prépayée virtuelle, par e-mail.' },
  },
  'vv-demo-prepaid-10': { es: { name: 'Tarjeta de 10 $' }, fr: { name: 'Carte de 10 $' } },
  'vv-demo-prepaid-25': { es: { name: 'Tarjeta de 25 $' }, fr: { name: 'Carte de 25 $' } },
  'vv-demo-prepaid-50': { es: { name: 'Tarjeta de 50 $' }, fr: { name: 'Carte de 50 $' } },
  'vv-demo-vip-visit': { es: { name: 'Visita al estudio para dos' }, fr: { name: 'Visite du studio pour deux' } },
  'vv-acme-prepaid-20': { en: { name: '€20 card' }, fr: { name: 'Carte de 20 €' } },
  // Tiers and badges (migration 0024).
  'tier-demo-bronze': {
    es: { name: 'Bronce', description: '¡Bienvenido! Todo embajador nuevo empieza aquí.' },
    fr: { name: 'Bronze', description: 'Bienvenue ! Chaque nouvel ambassadeur commence ici.' },
  },
  'tier-demo-silver': {
    es: { name: 'Plata', description: 'Gana 1000 puntos: un 5 % de puntos extra por cada referido.' },
    fr: { name: 'Argent', description: 'Gagnez 1 000 points : 5 % de points bonus sur chaque parrainage.' },
  },
  'tier-demo-gold': {
    es: { name: 'Oro', description: 'Gana 5000 puntos: un 10 % de puntos extra y acceso anticipado.' },
    fr: { name: 'Or', description: 'Gagnez 5 000 points : 10 % de points bonus et un accès anticipé.' },
  },
  'tier-acme-trailhead': {
    en: { description: 'Your first steps with the crew.' },
    fr: { name: 'Départ du sentier', description: 'Vos premiers pas avec l’équipe.' },
  },
  'tier-acme-ridge': {
    en: { description: '10 referrals: free shipping on your own orders.' },
    fr: { name: 'Crête', description: '10 parrainages : livraison offerte sur vos propres commandes.' },
  },
  'tier-acme-summit': {
    en: { description: '25 referrals: a guided climb with the Acme crew.' },
    fr: { name: 'Sommet', description: '25 parrainages : une ascension guidée avec l’équipe Acme.' },
  },
  'badge-demo-first-share': {
    es: { name: 'Primer enlace compartido', description: 'Compartiste tu enlace por primera vez.' },
    fr: { name: 'Premier partage', description: 'Vous avez partagé votre lien pour la première fois.' },
  },
  'badge-demo-first-referral': {
    es: { name: 'Primer referido', description: 'Tu primer amigo hizo un pedido.' },
    fr: { name: 'Premier parrainage', description: 'Votre premier ami a passé commande.' },
  },
  'badge-demo-rising-star': {
    es: { name: 'Estrella en ascenso', description: 'Ganaste 1000 puntos.' },
    fr: { name: 'Étoile montante', description: 'Vous avez gagné 1 000 points.' },
  },
  'badge-demo-superstar': {
    es: { name: 'Superestrella', description: 'Ganaste 5000 puntos.' },
    fr: { name: 'Superstar', description: 'Vous avez gagné 5 000 points.' },
  },
  'badge-demo-beta-tester': {
    es: { name: 'Probador beta', description: 'Te uniste durante la beta (insignia retirada).' },
    fr: { name: 'Bêta-testeur', description: 'Vous nous avez rejoints pendant la bêta (badge retiré).' },
  },
  'badge-acme-trail-starter': {
    en: { name: 'First steps', description: 'You joined the crew.' },
    fr: { name: 'Premiers pas', description: 'Vous avez rejoint l’équipe.' },
  },
  'badge-acme-crew-regular': {
    en: { name: 'Crew regular', description: 'You earned 500 Acme Coins.' },
    fr: { name: 'Habitué de l’équipe', description: 'Vous avez gagné 500 Acme Coins.' },
  },
  'badge-acme-peak-performer': {
    en: { name: 'Peak performer', description: 'You earned 3000 Acme Coins.' },
    fr: { name: 'Performance au sommet', description: 'Vous avez gagné 3 000 Acme Coins.' },
  },
  'badge-acme-founding-member': {
    en: { name: 'Founding member', description: 'Crew of the first season (retired badge).' },
    fr: { name: 'Membre fondateur', description: 'Équipe de la première saison (badge retiré).' },
  },
};
for (const [uid, byLanguage] of Object.entries(otherLanguageTexts)) {
  if (!uid.startsWith('cmp-')) rowTexts[uid] = { ...rowTexts[uid], ...byLanguage };
}
const withTexts = (rows: Row[]) => rows.map((row) => ({ ...row, translations: json(rowTexts[row.uid as string] ?? {}) }));

section('Tiers, badges, tasks', insert('tiers', withTexts(tiers)) + insert('badges', withTexts(badges)) + insert('ambassador_badges', ambassadorBadges)
  + insert('tasks', withTexts(tasks)) + insert('task_completions', taskCompletions));
section('Rewards (gift cards), vault items and variants', insert('rewards', withTexts(rewards), 1) + insert('vault_items', withTexts(vaultItems), 1)
  + insert('vault_item_variants', withTexts(variants)));
// The local fulfilment provider's pools: codes for every reward that hands out a code or a balance, and
// for every vault variant (src/api/rewards/providers.ts takes one per redemption).
const codeChars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeOf = (n: number) => Array.from({ length: n }, () => codeChars[rnd.int(0, codeChars.length - 1)]).join('');
const rewardCodes: Row[] = [];
for (const r of rewards) {
  if (JSON.parse(r.config as string).field_kind === 'quantity') continue;
  for (let i = 0; i < 20; i++) {
    rewardCodes.push({
      company_id: r.company_id, reward_uid: r.uid, variant_uid: null, card_number: r.type === 2 ? `${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)}` : null,
      card_code: `${codeOf(4)}-${codeOf(4)}-${codeOf(4)}`, card_pin: r.type === 2 ? String(rnd.int(1000, 9999)) : null,
      redemption_url: r.company_id === 'acme' ? 'https://www.acme-outdoor.test/redeem' : 'https://shop.demo.test/redeem',
    });
  }
}
for (const v of variants) {
  for (let i = 0; i < 20; i++) {
    rewardCodes.push({
      company_id: v.company_id, reward_uid: null, variant_uid: v.uid, card_number: `${rnd.int(4000, 4999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)}`,
      card_code: `${codeOf(4)}-${codeOf(4)}`, card_pin: String(rnd.int(100, 999)),
      redemption_url: v.company_id === 'acme' ? 'https://www.acme-outdoor.test/giftcard' : 'https://cards.demo.test/activate',
    });
  }
}
section('Fulfilment code pools (local provider)', insert('reward_codes', rewardCodes, 40));
section('Redemptions', insert('redemptions', redemptions.map((r) => ({
  id: r.id, company_id: r.company, ambassador_uid: r.amb, kind: r.kind, reward_uid: r.reward, vault_item_uid: r.vault, variant_uid: r.variant,
  requested_amount: r.amount, spend_kind: r.spend, status: r.status, idempotency_key: `seed-${r.id}`, currency: CURRENCY[r.company],
  item_name: itemName(r),
  value_minor: r.reward ? (rewards.find((x) => x.uid === r.reward)!.value_minor as number | null) ?? null : (variants.find((x) => x.uid === r.variant)!.value_minor as number),
  details: Object.keys(r.details).length ? raw(`json_set(${lit(json(r.details))}, '$.created_at', ${ago(r.days).raw})`) : '{}',
  created_at: ago(r.days),
})), 1));
const activityId = idsFrom({ demo: 7000, acme: 8000, globex: 9000 });
section('Loyalty: a zero balance per ambassador, then the ledger in the order it happened (the triggers of migration 0005 open the lots, spend them soonest-expiring first and keep the balances)',
  insert('loyalty_balances', people.map((p) => ({ ambassador_uid: p.uid, company_id: person(p.uid).company })))
  + insert('loyalty_ledger', ledgerRows.map((e) => ({
    id: e.id, company_id: e.company, ambassador_uid: e.amb, kind: e.kind, entry_type: e.type,
    amount: e.amount, status: e.status, campaign_id: e.campaign, referral_id: e.referral, redemption_id: e.redemption, description: e.description,
    expire_at: e.expireDays === null ? null : ago(e.expireDays), created_at: ago(e.days, e.minutes), lot_id: e.lot, settles_id: e.settles,
    task_id: e.task,
  }))));
section('Activities', insert('activities', activities.map((a) => ({
  id: activityId(a.company), company_id: a.company, ambassador_uid: a.amb, campaign_id: a.campaign, type: a.type,
  referred_name: a.name, referred_email: a.email, amount_minor: a.amount, currency: a.currency, points: a.points, status: a.status,
  payment_method: a.method, expire_at: a.expireDays === null ? null : ago(a.expireDays), event_data1: a.data[0], event_data2: a.data[1],
  event_data3: a.data[2], payout_id: a.payout, redemption_id: a.redemption, task_id: a.task, created_at: ago(a.days, a.minutes),
}))));
section('Operator API keys (local demo keys, plain text in seed/README.md; the table keeps their SHA-256)', insert('operator_api_keys',
  Object.entries(OPERATOR_KEYS).map(([company, key], i) => ({
    id: i + 1, company_id: company, prefix: key.slice(0, 24), key_hash: sha256(key), label: 'Local demo key', created_at: ago(30),
  }))));
section('Console staff (password for all: ' + DEMO_PASSWORD + '; owners and admins with a TOTP secret, demo only)', insert('staff_accounts',
  STAFF.map((m) => ({
    company_id: m.company, uid: m.uid, email: m.email, name: m.name, role: m.role,
    password_hash: staffHashByEmail.get(`${m.company}:${m.email}`)!, totp_secret: STAFF_TOTP_SECRETS[m.email] ?? null,
    totp_enabled: STAFF_TOTP_SECRETS[m.email] ? 1 : 0, created_at: ago(30),
  }))));
section('Notification settings and unsubscribe codes', insert('notification_settings', notificationSettings) + insert('email_link_codes', emailLinkCodes));
section('Assets (files: seed/assets/r2/<file_key>)', insert('assets', assets, 10));

const header = `-- Demo data for the ambassador portal. GENERATED by seed/generate.ts (npx node seed/generate.ts): edit that, not this.
-- Load on a migrated D1: npx wrangler d1 execute DB --local --file seed/demo.sql (npm start does it).
-- Safe to load again: it first deletes every row of the demo companies (${COMPANIES.join(', ')}).
-- Times are relative to loading ("now"), so the stats always cover the last 12 months.
--
-- Hosts: ${Object.entries(HOSTS).map(([h, c]) => `${h} -> ${c}`).join(', ')}
-- Password of every account: ${DEMO_PASSWORD} (newbie@demo.test has none: it is for set-password)
-- Unsubscribe (optout) codes, plain text (email_link_codes keeps their SHA-256):
${optoutCodes.map(({ p, code }) => `--   ${p.email.padEnd(22)} ${code}`).join('\n')}
-- Operator API keys (local demo keys only; operator_api_keys keeps their SHA-256):
${Object.entries(OPERATOR_KEYS).map(([company, key]) => `--   ${company.padEnd(22)} ${key}`).join('\n')}
-- Console staff (password ${DEMO_PASSWORD}; TOTP secrets, base32, demo only):
${STAFF.map((m) => `--   ${m.email.padEnd(22)} ${m.role.padEnd(9)} ${STAFF_TOTP_SECRETS[m.email] ?? '(no second factor)'}`).join('\n')}
`;
const sql = `${header}\n${sections.join('\n')}`;

// The file is split on ";\\n" by tests and batched by D1: check that this gives whole statements.
const statements = sql.split(';\n').map((s) => s.trim()).filter(Boolean);
for (const s of statements) {
  const body = s.replace(/^(?:(?:--[^\n]*)?\n)+/, '').trim();
  if (!/^(INSERT|DELETE|DROP|CREATE)\b/.test(body)) throw new Error(`unexpected statement start: ${body.slice(0, 60)}`);
  if (/\b(BEGIN TRANSACTION|COMMIT)\b/i.test(body)) throw new Error('transactions are not allowed in the seed');
}
if (!sql.endsWith(';\n')) throw new Error('seed must end with a statement');
writeFileSync(OUT_SQL, sql);

r2Files.sort((a, b) => a.key.localeCompare(b.key));
writeFileSync(path.join(ASSETS, 'r2-manifest.json'), `${JSON.stringify(r2Files, null, 2)}\n`);

console.log(
  `wrote seed/demo.sql: ${statements.length} statements, ${clicks.length} clicks, ${shares.length} shares, ${referrals.length} referrals, `
  + `${commissions.length} commissions, ${ledgerRows.length} ledger entries, ${activities.length} activities, ${assets.length} assets; `
  + `${r2Files.length} R2 files in seed/assets/r2`,
);
