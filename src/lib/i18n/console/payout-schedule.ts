// The console's texts for the payout schedule: the e-mail that tells finance staff and owners a scheduled
// payout run waits for their approval. `en` names the keys; the base languages give every key.

export const en = {
  'console.payoutSchedule.emailSubject': 'A payout run for {company} is ready for approval',
  'console.payoutSchedule.emailBody': 'The payout schedule drafted a run: {count, plural, one {# ambassador} other {# ambassadors}}, {amount} in all. Nothing is paid until someone approves and sends it: {link}',
} as const;

type Texts = Record<keyof typeof en, string>;

export const de: Texts = {
  'console.payoutSchedule.emailSubject': 'Ein Auszahlungslauf für {company} wartet auf Freigabe',
  'console.payoutSchedule.emailBody': 'Der Auszahlungsplan hat einen Lauf entworfen: {count, plural, one {# Botschafter} other {# Botschafter}}, insgesamt {amount}. Es wird nichts bezahlt, bevor jemand ihn freigibt und sendet: {link}',
};
export const es: Texts = {
  'console.payoutSchedule.emailSubject': 'Una tanda de pagos de {company} espera tu aprobación',
  'console.payoutSchedule.emailBody': 'La programación de pagos ha preparado una tanda: {count, plural, one {# embajador} other {# embajadores}}, {amount} en total. No se paga nada hasta que alguien la apruebe y la envíe: {link}',
};
export const fr: Texts = {
  'console.payoutSchedule.emailSubject': 'Une série de versements de {company} attend votre approbation',
  'console.payoutSchedule.emailBody': 'Le calendrier des versements a préparé une série : {count, plural, one {# ambassadeur} other {# ambassadeurs}}, {amount} au total. Rien n’est payé avant qu’une personne l’approuve et l’envoie : {link}',
};
export const it: Texts = {
  'console.payoutSchedule.emailSubject': 'Un ciclo di pagamenti di {company} attende l’approvazione',
  'console.payoutSchedule.emailBody': 'La pianificazione dei pagamenti ha preparato un ciclo: {count, plural, one {# ambasciatore} other {# ambasciatori}}, {amount} in totale. Nulla viene pagato finché qualcuno non lo approva e lo invia: {link}',
};
export const nl: Texts = {
  'console.payoutSchedule.emailSubject': 'Een uitbetalingsronde van {company} wacht op goedkeuring',
  'console.payoutSchedule.emailBody': 'Het uitbetalingsschema heeft een ronde klaargezet: {count, plural, one {# ambassadeur} other {# ambassadeurs}}, in totaal {amount}. Er wordt niets betaald voordat iemand de ronde goedkeurt en verstuurt: {link}',
};
export const pl: Texts = {
  'console.payoutSchedule.emailSubject': 'Tura wypłat {company} czeka na zatwierdzenie',
  'console.payoutSchedule.emailBody': 'Harmonogram wypłat przygotował turę: {count, plural, one {# ambasador} few {# ambasadorów} many {# ambasadorów} other {# ambasadora}}, łącznie {amount}. Nic nie zostanie wypłacone, dopóki ktoś jej nie zatwierdzi i nie wyśle: {link}',
};
export const pt: Texts = {
  'console.payoutSchedule.emailSubject': 'Uma rodada de pagamentos da {company} aguarda aprovação',
  'console.payoutSchedule.emailBody': 'O agendamento de pagamentos preparou uma rodada: {count, plural, one {# embaixador} other {# embaixadores}}, {amount} no total. Nada é pago até alguém aprová-la e enviá-la: {link}',
};
export const es419: Partial<Texts> = {};
export const esMX: Partial<Texts> = {};
export const frCA: Partial<Texts> = {};
