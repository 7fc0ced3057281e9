// The console's texts for the PayPal Payouts connection (the PayPal card of /console/integrations). `en` names the
// keys; the base languages give every key (the type says so), the regional variants only what differs from their base.

export const en = {
  'console.paypal.title': 'PayPal Payouts',
  'console.paypal.intro': 'Pay ambassadors from your own PayPal business account: a payout run on PayPal is sent as one PayPal batch payout.',
  'console.paypal.state': 'Connection',
  'console.paypal.connected': 'Connected: app {clientId}, {mode}, since {date}',
  'console.paypal.notConnected': 'Not connected',
  'console.paypal.mode': 'Mode',
  'console.paypal.modeSandbox': 'Sandbox (test accounts)',
  'console.paypal.modeLive': 'Live (real money)',
  'console.paypal.webhookUrl': 'Webhook URL',
  'console.paypal.help': 'In PayPal’s developer dashboard, open your REST app (with Payouts), add a webhook with this URL for the PAYMENT.PAYOUTS-ITEM and PAYMENT.PAYOUTSBATCH events, then paste the app’s Client ID and Secret and the webhook’s ID here.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'Webhook ID',
  'console.paypal.secretNever': 'The secret is kept sealed and never shown again.',
  'console.paypal.save': 'Save PayPal',
  'console.paypal.saved': 'PayPal connected.',
  'console.paypal.remove': 'Disconnect PayPal',
  'console.paypal.removed': 'PayPal disconnected.',
} as const;

type Texts = Record<keyof typeof en, string>;

export const de: Texts = {
  'console.paypal.title': 'PayPal-Auszahlungen',
  'console.paypal.intro': 'Zahlen Sie Botschafter aus Ihrem eigenen PayPal-Geschäftskonto aus: Ein Auszahlungslauf über PayPal wird als eine PayPal-Sammelauszahlung gesendet.',
  'console.paypal.state': 'Verbindung',
  'console.paypal.connected': 'Verbunden: App {clientId}, {mode}, seit {date}',
  'console.paypal.notConnected': 'Nicht verbunden',
  'console.paypal.mode': 'Modus',
  'console.paypal.modeSandbox': 'Sandbox (Testkonten)',
  'console.paypal.modeLive': 'Live (echtes Geld)',
  'console.paypal.webhookUrl': 'Webhook-URL',
  'console.paypal.help': 'Öffnen Sie im PayPal-Entwickler-Dashboard Ihre REST-App (mit Payouts), legen Sie einen Webhook mit dieser URL für die Ereignisse PAYMENT.PAYOUTS-ITEM und PAYMENT.PAYOUTSBATCH an und fügen Sie hier Client-ID und Secret der App sowie die ID des Webhooks ein.',
  'console.paypal.clientId': 'Client-ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'Webhook-ID',
  'console.paypal.secretNever': 'Das Secret wird versiegelt aufbewahrt und nie wieder angezeigt.',
  'console.paypal.save': 'PayPal speichern',
  'console.paypal.saved': 'PayPal verbunden.',
  'console.paypal.remove': 'PayPal trennen',
  'console.paypal.removed': 'PayPal getrennt.',
};

export const es: Texts = {
  'console.paypal.title': 'Pagos con PayPal',
  'console.paypal.intro': 'Paga a los embajadores desde tu propia cuenta empresarial de PayPal: una tanda de pagos por PayPal se envía como un único pago por lotes de PayPal.',
  'console.paypal.state': 'Conexión',
  'console.paypal.connected': 'Conectado: app {clientId}, {mode}, desde {date}',
  'console.paypal.notConnected': 'Sin conectar',
  'console.paypal.mode': 'Modo',
  'console.paypal.modeSandbox': 'Sandbox (cuentas de prueba)',
  'console.paypal.modeLive': 'Live (dinero real)',
  'console.paypal.webhookUrl': 'URL del webhook',
  'console.paypal.help': 'En el panel de desarrolladores de PayPal, abre tu app REST (con Payouts), añade un webhook con esta URL para los eventos PAYMENT.PAYOUTS-ITEM y PAYMENT.PAYOUTSBATCH y pega aquí el Client ID y el Secret de la app y el ID del webhook.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'ID del webhook',
  'console.paypal.secretNever': 'El secret se guarda sellado y no se vuelve a mostrar.',
  'console.paypal.save': 'Guardar PayPal',
  'console.paypal.saved': 'PayPal conectado.',
  'console.paypal.remove': 'Desconectar PayPal',
  'console.paypal.removed': 'PayPal desconectado.',
};

export const fr: Texts = {
  'console.paypal.title': 'Paiements PayPal',
  'console.paypal.intro': 'Payez les ambassadeurs depuis votre propre compte professionnel PayPal : un lot de paiements sur PayPal est envoyé comme un seul paiement groupé PayPal.',
  'console.paypal.state': 'Connexion',
  'console.paypal.connected': 'Connecté : app {clientId}, {mode}, depuis le {date}',
  'console.paypal.notConnected': 'Non connecté',
  'console.paypal.mode': 'Mode',
  'console.paypal.modeSandbox': 'Sandbox (comptes de test)',
  'console.paypal.modeLive': 'Live (argent réel)',
  'console.paypal.webhookUrl': 'URL du webhook',
  'console.paypal.help': 'Dans le tableau de bord développeur de PayPal, ouvrez votre app REST (avec Payouts), ajoutez un webhook avec cette URL pour les événements PAYMENT.PAYOUTS-ITEM et PAYMENT.PAYOUTSBATCH, puis collez ici le Client ID et le Secret de l’app et l’ID du webhook.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'ID du webhook',
  'console.paypal.secretNever': 'Le secret est conservé scellé et n’est plus jamais affiché.',
  'console.paypal.save': 'Enregistrer PayPal',
  'console.paypal.saved': 'PayPal connecté.',
  'console.paypal.remove': 'Déconnecter PayPal',
  'console.paypal.removed': 'PayPal déconnecté.',
};

export const it: Texts = {
  'console.paypal.title': 'Pagamenti PayPal',
  'console.paypal.intro': 'Paga gli ambassador dal tuo conto business PayPal: un lotto di pagamenti su PayPal viene inviato come un unico pagamento multiplo PayPal.',
  'console.paypal.state': 'Connessione',
  'console.paypal.connected': 'Connesso: app {clientId}, {mode}, dal {date}',
  'console.paypal.notConnected': 'Non connesso',
  'console.paypal.mode': 'Modalità',
  'console.paypal.modeSandbox': 'Sandbox (conti di prova)',
  'console.paypal.modeLive': 'Live (denaro reale)',
  'console.paypal.webhookUrl': 'URL del webhook',
  'console.paypal.help': 'Nella dashboard sviluppatori di PayPal apri la tua app REST (con Payouts), aggiungi un webhook con questo URL per gli eventi PAYMENT.PAYOUTS-ITEM e PAYMENT.PAYOUTSBATCH, poi incolla qui Client ID e Secret dell’app e l’ID del webhook.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'ID del webhook',
  'console.paypal.secretNever': 'Il secret è conservato sigillato e non viene più mostrato.',
  'console.paypal.save': 'Salva PayPal',
  'console.paypal.saved': 'PayPal connesso.',
  'console.paypal.remove': 'Disconnetti PayPal',
  'console.paypal.removed': 'PayPal disconnesso.',
};

export const nl: Texts = {
  'console.paypal.title': 'PayPal-uitbetalingen',
  'console.paypal.intro': 'Betaal ambassadeurs uit vanaf uw eigen PayPal-zakelijke rekening: een uitbetalingsronde via PayPal wordt als één PayPal-batchuitbetaling verstuurd.',
  'console.paypal.state': 'Koppeling',
  'console.paypal.connected': 'Gekoppeld: app {clientId}, {mode}, sinds {date}',
  'console.paypal.notConnected': 'Niet gekoppeld',
  'console.paypal.mode': 'Modus',
  'console.paypal.modeSandbox': 'Sandbox (testrekeningen)',
  'console.paypal.modeLive': 'Live (echt geld)',
  'console.paypal.webhookUrl': 'Webhook-URL',
  'console.paypal.help': 'Open in het ontwikkelaarsdashboard van PayPal uw REST-app (met Payouts), voeg een webhook toe met deze URL voor de events PAYMENT.PAYOUTS-ITEM en PAYMENT.PAYOUTSBATCH en plak hier de Client ID en het Secret van de app en de ID van de webhook.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'Webhook-ID',
  'console.paypal.secretNever': 'Het secret wordt verzegeld bewaard en nooit meer getoond.',
  'console.paypal.save': 'PayPal opslaan',
  'console.paypal.saved': 'PayPal gekoppeld.',
  'console.paypal.remove': 'PayPal ontkoppelen',
  'console.paypal.removed': 'PayPal ontkoppeld.',
};

export const pl: Texts = {
  'console.paypal.title': 'Wypłaty PayPal',
  'console.paypal.intro': 'Wypłacaj ambasadorom z własnego firmowego konta PayPal: seria wypłat przez PayPal jest wysyłana jako jedna zbiorcza wypłata PayPal.',
  'console.paypal.state': 'Połączenie',
  'console.paypal.connected': 'Połączono: aplikacja {clientId}, {mode}, od {date}',
  'console.paypal.notConnected': 'Nie połączono',
  'console.paypal.mode': 'Tryb',
  'console.paypal.modeSandbox': 'Sandbox (konta testowe)',
  'console.paypal.modeLive': 'Live (prawdziwe pieniądze)',
  'console.paypal.webhookUrl': 'Adres URL webhooka',
  'console.paypal.help': 'W panelu deweloperskim PayPal otwórz swoją aplikację REST (z Payouts), dodaj webhook z tym adresem URL dla zdarzeń PAYMENT.PAYOUTS-ITEM i PAYMENT.PAYOUTSBATCH, a potem wklej tutaj Client ID i Secret aplikacji oraz ID webhooka.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'ID webhooka',
  'console.paypal.secretNever': 'Secret jest przechowywany w zapieczętowanej postaci i nigdy więcej nie jest pokazywany.',
  'console.paypal.save': 'Zapisz PayPal',
  'console.paypal.saved': 'PayPal połączony.',
  'console.paypal.remove': 'Odłącz PayPal',
  'console.paypal.removed': 'PayPal odłączony.',
};

export const pt: Texts = {
  'console.paypal.title': 'Pagamentos PayPal',
  'console.paypal.intro': 'Pague os embaixadores com a sua própria conta empresarial do PayPal: um lote de pagamentos no PayPal é enviado como um único pagamento em lote do PayPal.',
  'console.paypal.state': 'Conexão',
  'console.paypal.connected': 'Conectado: app {clientId}, {mode}, desde {date}',
  'console.paypal.notConnected': 'Não conectado',
  'console.paypal.mode': 'Modo',
  'console.paypal.modeSandbox': 'Sandbox (contas de teste)',
  'console.paypal.modeLive': 'Live (dinheiro real)',
  'console.paypal.webhookUrl': 'URL do webhook',
  'console.paypal.help': 'No painel de desenvolvedores do PayPal, abra o seu app REST (com Payouts), adicione um webhook com este URL para os eventos PAYMENT.PAYOUTS-ITEM e PAYMENT.PAYOUTSBATCH e cole aqui o Client ID e o Secret do app e o ID do webhook.',
  'console.paypal.clientId': 'Client ID',
  'console.paypal.clientSecret': 'Secret',
  'console.paypal.webhookId': 'ID do webhook',
  'console.paypal.secretNever': 'O secret fica armazenado lacrado e nunca mais é exibido.',
  'console.paypal.save': 'Salvar PayPal',
  'console.paypal.saved': 'PayPal conectado.',
  'console.paypal.remove': 'Desconectar PayPal',
  'console.paypal.removed': 'PayPal desconectado.',
};

export const es419: Partial<Texts> = {
};

export const esMX: Partial<Texts> = {
};

export const frCA: Partial<Texts> = {
};
