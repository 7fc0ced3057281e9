import { t, type Language, type MessageKey } from '../../../lib/i18n';
import type { NotificationOption } from '../../../lib/schemas/notifications';
import { CUSTOM_FIELDS, PROFILE_TEXT_MAX } from '../../../lib/schemas/profile';
import type { Customization } from '../../../lib/schemas/customization';
import type { AmbassadorProfile } from '../../client';
import type { Portal } from '../../types';
import { SECTIONS, type AccountFormState, type Section } from './account';

// What /app/account shows, worked out from the profile, the company's settings and the last post:
// which fields each section has, their labels, the values to fill and each section's message.

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'tel' | 'date' | 'url' | 'email';
  autocomplete?: 'given-name' | 'family-name' | 'tel' | 'organization' | 'organization-title' | 'street-address'
    | 'address-level2' | 'address-level1' | 'postal-code' | 'country-name' | 'bday';
  placeholder?: string;
  /** The schema's limit, so the input stops where the API would refuse. */
  maxlength?: number;
  required?: boolean;
}

const maxOf = (name: string): number | undefined => (PROFILE_TEXT_MAX as Record<string, number>)[name];

const PERSONAL: { name: string; label: MessageKey; type?: FieldSpec['type']; autocomplete: FieldSpec['autocomplete'] }[] = [
  { name: 'first_name', label: 'fieldFirstName', autocomplete: 'given-name' },
  { name: 'last_name', label: 'fieldLastName', autocomplete: 'family-name' },
  { name: 'phone', label: 'fieldPhone', type: 'tel', autocomplete: 'tel' },
  { name: 'company', label: 'fieldCompany', autocomplete: 'organization' },
  { name: 'job_title', label: 'fieldJobTitle', autocomplete: 'organization-title' },
  { name: 'street', label: 'fieldStreet', autocomplete: 'street-address' },
  { name: 'city', label: 'fieldCity', autocomplete: 'address-level2' },
  { name: 'state', label: 'fieldState', autocomplete: 'address-level1' },
  { name: 'zip', label: 'fieldZip', autocomplete: 'postal-code' },
  { name: 'country', label: 'fieldCountry', autocomplete: 'country-name' },
  { name: 'date_of_birth', label: 'fieldDateOfBirth', type: 'date', autocomplete: 'bday' },
];

const SOCIAL: { name: string; label: MessageKey }[] = [
  { name: 'facebook_url', label: 'facebookUrl' },
  { name: 'twitter_url', label: 'twitterUrl' },
  { name: 'linkedin_url', label: 'linkedinUrl' },
  { name: 'pinterest_url', label: 'pinterestUrl' },
];

export const NOTIFICATION_LABELS: Record<NotificationOption, MessageKey> = {
  earn_pending_commission: 'notifyEarnPending', commission_approved: 'notifyCommissionApproved',
  commission_denied: 'notifyCommissionDenied', payout_fulfilled: 'notifyPayoutFulfilled', unsubscribe_all: 'notifyUnsubscribeAll',
};

export interface SectionMessage { kind: 'ok' | 'err'; text: string }

/** The account page's fields and messages in `lang`. */
export function accountView(input: {
  lang: Language;
  portal: Portal;
  settings: Customization;
  profile: AmbassadorProfile;
  state: AccountFormState;
  flash: { kind: 'ok' | 'err'; section: Section; text: string } | null;
}) {
  const { lang, portal, settings: s, profile: p, state, flash } = input;
  const payoutOptions = portal.payout_preference_options ?? {};
  const customEnabled = CUSTOM_FIELDS.filter((f) => s.profile[`show_${f}`]);
  // Payment credentials (spec §3 settings.profile): the preference can be changed when the company shows it;
  // a PayPal e-mail when shown or when PayPal is the preference; Dwolla when the company pays through Dwolla.
  const showPreference = Object.keys(payoutOptions).length > 0 && s.profile.show_preferred_payment;
  const showPaypal = s.profile.show_paypal_email || /paypal/i.test(p.payout_preference_name ?? '');
  const showDwolla = Object.values(payoutOptions).some((n) => /dwolla/i.test(n)) || !!p.dwolla_email;
  // The company names its custom fields in the registration form settings; the profile uses the same labels.
  const registerFields = s.register.fields as Record<string, { label: string | null } | undefined>;
  const failed = state.failed;

  const profileValue = (f: string): string => {
    const v = (p as unknown as Record<string, unknown>)[f];
    return v === null || v === undefined ? '' : String(v);
  };
  const message = (section: Section): SectionMessage | null =>
    failed?.section === section ? { kind: 'err', text: failed.formError } : flash?.section === section ? { kind: flash.kind, text: flash.text } : null;

  return {
    payoutOptions,
    showPreference,
    showPaypal,
    showDwolla,
    hasPaymentFields: showPreference || showPaypal || showDwolla,
    personalFields: PERSONAL.map((f): FieldSpec => ({
      ...f, label: t(lang, f.label), maxlength: maxOf(f.name), required: f.name === 'first_name' || f.name === 'last_name',
    })),
    socialFields: SOCIAL.map((f): FieldSpec => ({ ...f, label: t(lang, f.label), type: 'url', placeholder: 'https://' })),
    customFields: customEnabled.map((f): FieldSpec => ({ name: f, maxlength: PROFILE_TEXT_MAX.custom, label: registerFields[f]?.label || t(lang, 'fieldCustom', { n: f.replace('custom', '') }) })),
    /** The value to show: what was just typed in a section shown again, else the profile's. */
    valueOf: (section: Section, f: string) => (failed?.section === section && f in failed.submitted ? failed.submitted[f]! : profileValue(f)),
    err: (f: string): string | undefined => failed?.fieldErrors[f],
    messages: Object.fromEntries(SECTIONS.map((k) => [k, message(k)])) as Record<Section, SectionMessage | null>,
  };
}
