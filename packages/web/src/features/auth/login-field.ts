// The login field's texts. The server takes an e-mail or an 11-digit phone number there (login.service.ts); phone
// accounts exist where the server signs in by SMS code, and there the field says it takes both, down to its field
// messages. Elsewhere it says e-mail, which is all its users have
// (docs/decisions.md, "The login field says what it takes").

/** The schema's messages about the field, said of "e-mail or phone" instead. */
const PHONE_MESSAGES: Record<string, string> = {
  com_auth_email_required: 'com_auth_email_or_phone_required',
  com_auth_email_login_min_length: 'com_auth_email_or_phone_min_length',
  com_auth_email_max_length: 'com_auth_email_or_phone_max_length',
};

export interface LoginFieldTexts {
  label: string;
  placeholder: string;
  /** The key (or text) of a field message as this field says it. */
  message(key: string | undefined): string | undefined;
}

export function loginFieldTexts(phoneAccounts: boolean): LoginFieldTexts {
  if (!phoneAccounts) {
    return { label: 'com_auth_email', placeholder: 'com_auth_email_placeholder', message: (key) => key };
  }
  return {
    label: 'com_auth_email_or_phone',
    placeholder: 'com_auth_email_or_phone_placeholder',
    message: (key) => (key ? (PHONE_MESSAGES[key] ?? key) : key),
  };
}
