import { useTranslation } from 'react-i18next';
import { formFields, type KeyFormKind } from '../key-form';
import { SecretField } from './secret-field';

// Label and whether the value is a secret, by the field name the server's key JSON uses.
const FIELDS: Record<string, { label: string; secret: boolean; placeholder?: string }> = {
  apiKey: { label: 'com_endpoint_config_key_api_key', secret: true },
  baseURL: { label: 'com_endpoint_config_key_base_url', secret: false, placeholder: 'https://' },
  azureOpenAIApiKey: { label: 'com_endpoint_config_key_azure_api_key', secret: true },
  azureOpenAIApiInstanceName: { label: 'com_endpoint_config_key_azure_instance', secret: false },
  azureOpenAIApiDeploymentName: { label: 'com_endpoint_config_key_azure_deployment', secret: false },
  azureOpenAIApiVersion: { label: 'com_endpoint_config_key_azure_version', secret: false },
};

interface KeyFieldsProps {
  kind: KeyFormKind;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** Field names the last submit found empty. */
  invalid: readonly string[];
  errorId: string;
}

/** The text inputs of a plain, custom or Azure key form. */
export function KeyFields({ kind, values, onChange, invalid, errorId }: KeyFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {formFields(kind).map((name) => {
        const field = FIELDS[name] ?? { label: name, secret: true };
        // A plain value that is not an API key is named for what it is (key-form.ts, PlainKeyLabel).
        const label =
          kind.kind === 'plain' && kind.label ? `com_endpoint_config_key_${kind.label}` : field.label;
        return (
          <SecretField
            key={name}
            label={t(label)}
            value={values[name] ?? ''}
            onChange={(value) => onChange(name, value)}
            secret={field.secret}
            invalid={invalid.includes(name)}
            describedBy={errorId}
            placeholder={field.placeholder ?? (field.secret ? t('com_endpoint_config_key_placeholder') : '')}
          />
        );
      })}
    </div>
  );
}
