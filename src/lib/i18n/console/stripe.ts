// The console's texts for Stripe Connect payouts on /console/integrations (the company's Stripe secret key and its
// Connect endpoint's signing secret). `en` names the keys; the base languages give every key, the regional variants
// only what differs from their base.

export const en = {
  'console.stripe.payouts': 'Payouts through Stripe Connect',
  'console.stripe.keyState': 'Secret key',
  'console.stripe.keyUnset': 'Not set',
  'console.stripe.connectState': 'Connect signing secret',
  'console.stripe.connectSet': 'Set',
  'console.stripe.help': 'To pay ambassadors from your Stripe balance, turn on Connect (Express accounts), add transfer.reversed to the endpoint above, add a Connect endpoint with the same URL for account.updated, and paste a secret key (or a restricted key with Connect and Transfers write access) and the Connect endpoint’s signing secret. An empty field keeps what is stored; the signing secret above is needed each time you save.',
  'console.stripe.secretKey': 'Secret key (sk_… or rk_…)',
  'console.stripe.connectSecret': 'Connect endpoint signing secret (whsec_…)',
} as const;

type Texts = Record<keyof typeof en, string>;

export const de: Texts = {
  'console.stripe.payouts': 'Auszahlungen über Stripe Connect',
  'console.stripe.keyState': 'Geheimer Schlüssel',
  'console.stripe.keyUnset': 'Nicht gesetzt',
  'console.stripe.connectState': 'Connect-Signaturgeheimnis',
  'console.stripe.connectSet': 'Gesetzt',
  'console.stripe.help': 'Um Botschafter aus Ihrem Stripe-Guthaben auszuzahlen, aktivieren Sie Connect (Express-Konten), fügen Sie dem Endpunkt oben transfer.reversed hinzu, legen Sie einen Connect-Endpunkt mit derselben URL für account.updated an und fügen Sie einen geheimen Schlüssel (oder einen eingeschränkten Schlüssel mit Schreibrechten für Connect und Transfers) sowie das Signaturgeheimnis des Connect-Endpunkts ein. Ein leeres Feld behält den gespeicherten Wert; das Signaturgeheimnis oben ist bei jedem Speichern nötig.',
  'console.stripe.secretKey': 'Geheimer Schlüssel (sk_… oder rk_…)',
  'console.stripe.connectSecret': 'Signaturgeheimnis des Connect-Endpunkts (whsec_…)',
};

export const es: Texts = {
  'console.stripe.payouts': 'Pagos con Stripe Connect',
  'console.stripe.keyState': 'Clave secreta',
  'console.stripe.keyUnset': 'Sin configurar',
  'console.stripe.connectState': 'Secreto de firma de Connect',
  'console.stripe.connectSet': 'Configurado',
  'console.stripe.help': 'Para pagar a los embajadores desde tu saldo de Stripe, activa Connect (cuentas Express), añade transfer.reversed al endpoint de arriba, añade un endpoint de Connect con la misma URL para account.updated y pega una clave secreta (o una clave restringida con escritura en Connect y Transfers) y el secreto de firma del endpoint de Connect. Un campo vacío conserva lo guardado; el secreto de firma de arriba se necesita cada vez que guardas.',
  'console.stripe.secretKey': 'Clave secreta (sk_… o rk_…)',
  'console.stripe.connectSecret': 'Secreto de firma del endpoint de Connect (whsec_…)',
};

export const fr: Texts = {
  'console.stripe.payouts': 'Paiements via Stripe Connect',
  'console.stripe.keyState': 'Clé secrète',
  'console.stripe.keyUnset': 'Non définie',
  'console.stripe.connectState': 'Secret de signature Connect',
  'console.stripe.connectSet': 'Défini',
  'console.stripe.help': 'Pour payer les ambassadeurs depuis votre solde Stripe, activez Connect (comptes Express), ajoutez transfer.reversed au point de terminaison ci-dessus, ajoutez un point de terminaison Connect avec la même URL pour account.updated, puis collez une clé secrète (ou une clé restreinte avec écriture sur Connect et Transfers) et le secret de signature du point de terminaison Connect. Un champ vide conserve la valeur enregistrée ; le secret de signature ci-dessus est requis à chaque enregistrement.',
  'console.stripe.secretKey': 'Clé secrète (sk_… ou rk_…)',
  'console.stripe.connectSecret': 'Secret de signature du point de terminaison Connect (whsec_…)',
};

export const it: Texts = {
  'console.stripe.payouts': 'Pagamenti con Stripe Connect',
  'console.stripe.keyState': 'Chiave segreta',
  'console.stripe.keyUnset': 'Non impostata',
  'console.stripe.connectState': 'Segreto di firma Connect',
  'console.stripe.connectSet': 'Impostato',
  'console.stripe.help': 'Per pagare gli ambassador dal tuo saldo Stripe, attiva Connect (account Express), aggiungi transfer.reversed all’endpoint qui sopra, aggiungi un endpoint Connect con lo stesso URL per account.updated e incolla una chiave segreta (o una chiave limitata con scrittura su Connect e Transfers) e il segreto di firma dell’endpoint Connect. Un campo vuoto mantiene il valore salvato; il segreto di firma qui sopra serve a ogni salvataggio.',
  'console.stripe.secretKey': 'Chiave segreta (sk_… o rk_…)',
  'console.stripe.connectSecret': 'Segreto di firma dell’endpoint Connect (whsec_…)',
};

export const nl: Texts = {
  'console.stripe.payouts': 'Uitbetalingen via Stripe Connect',
  'console.stripe.keyState': 'Geheime sleutel',
  'console.stripe.keyUnset': 'Niet ingesteld',
  'console.stripe.connectState': 'Connect-ondertekeningsgeheim',
  'console.stripe.connectSet': 'Ingesteld',
  'console.stripe.help': 'Om ambassadeurs vanuit je Stripe-saldo uit te betalen: zet Connect aan (Express-accounts), voeg transfer.reversed toe aan het endpoint hierboven, voeg een Connect-endpoint met dezelfde URL toe voor account.updated en plak een geheime sleutel (of een beperkte sleutel met schrijfrechten voor Connect en Transfers) en het ondertekeningsgeheim van het Connect-endpoint. Een leeg veld houdt wat is opgeslagen; het ondertekeningsgeheim hierboven is bij elke keer opslaan nodig.',
  'console.stripe.secretKey': 'Geheime sleutel (sk_… of rk_…)',
  'console.stripe.connectSecret': 'Ondertekeningsgeheim van het Connect-endpoint (whsec_…)',
};

export const pl: Texts = {
  'console.stripe.payouts': 'Wypłaty przez Stripe Connect',
  'console.stripe.keyState': 'Klucz tajny',
  'console.stripe.keyUnset': 'Nie ustawiono',
  'console.stripe.connectState': 'Sekret podpisu Connect',
  'console.stripe.connectSet': 'Ustawiono',
  'console.stripe.help': 'Aby wypłacać ambasadorom z salda Stripe, włącz Connect (konta Express), dodaj transfer.reversed do punktu końcowego powyżej, dodaj punkt końcowy Connect z tym samym adresem URL dla account.updated i wklej klucz tajny (lub klucz ograniczony z prawem zapisu do Connect i Transfers) oraz sekret podpisu punktu końcowego Connect. Puste pole zachowuje zapisaną wartość; sekret podpisu powyżej jest potrzebny przy każdym zapisie.',
  'console.stripe.secretKey': 'Klucz tajny (sk_… lub rk_…)',
  'console.stripe.connectSecret': 'Sekret podpisu punktu końcowego Connect (whsec_…)',
};

export const pt: Texts = {
  'console.stripe.payouts': 'Pagamentos através do Stripe Connect',
  'console.stripe.keyState': 'Chave secreta',
  'console.stripe.keyUnset': 'Não definida',
  'console.stripe.connectState': 'Segredo de assinatura do Connect',
  'console.stripe.connectSet': 'Definido',
  'console.stripe.help': 'Para pagar aos embaixadores a partir do seu saldo Stripe, ative o Connect (contas Express), adicione transfer.reversed ao endpoint acima, adicione um endpoint Connect com o mesmo URL para account.updated e cole uma chave secreta (ou uma chave restrita com escrita em Connect e Transfers) e o segredo de assinatura do endpoint Connect. Um campo vazio mantém o que está guardado; o segredo de assinatura acima é necessário sempre que guardar.',
  'console.stripe.secretKey': 'Chave secreta (sk_… ou rk_…)',
  'console.stripe.connectSecret': 'Segredo de assinatura do endpoint Connect (whsec_…)',
};

export const es419: Partial<Texts> = {};
export const esMX: Partial<Texts> = {};
export const frCA: Partial<Texts> = {};
