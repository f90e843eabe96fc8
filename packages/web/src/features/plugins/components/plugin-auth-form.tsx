import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLUGIN_AUTH_MIN_LENGTH, type PluginAuthField, type PluginListEntry } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { authPayload, authProblems, type AuthValues } from '../plugin-auth';
import { PluginIcon } from './plugin-icon';

interface PluginAuthFormProps {
  plugin: PluginListEntry;
  busy: boolean;
  onSubmit: (auth: AuthValues) => void;
  onCancel: () => void;
}

interface AuthInputProps {
  field: PluginAuthField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One credential: its label, its description as plain help text, a password-type input, and its refusal. */
function AuthInput({ field, value, error, onChange }: AuthInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {field.label}
      </label>
      <input
        id={id}
        type="password"
        // A credential for a service, not the user's Parley password: browsers should not offer to save it.
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        data-testid={`plugin-auth-${field.authField}`}
        className="h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-xs outline-none focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 aria-invalid:border-rose-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      {/* The catalogue's description is shown as text, never as markup. */}
      <p id={helpId} className="text-xs leading-snug text-zinc-500 dark:text-zinc-400">
        {field.description}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The credentials a plugin needs before it can be installed, one field per `authConfig` entry, checked with the
 * server's rule before sending (docs/reference/tools.md (The plugin store)).
 */
export function PluginAuthForm({ plugin, busy, onSubmit, onCancel }: PluginAuthFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AuthValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);

  // The form replaces the grid: focus goes to its first field, so keyboard users land where they type.
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = authProblems(plugin.authConfig, values);
    setErrors(
      Object.fromEntries(
        problems.map((p) => [
          p.authField,
          t('com_ui_plugins_too_short', { label: p.label, min: PLUGIN_AUTH_MIN_LENGTH }),
        ]),
      ),
    );
    if (problems.length > 0) return;
    onSubmit(authPayload(plugin.authConfig, values));
  };

  // After a refusal the invalid field takes focus once it is marked.
  useEffect(() => {
    if (Object.keys(errors).length > 0)
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      data-testid="plugin-auth-form"
      className="flex flex-col gap-4"
    >
      <div className="flex items-center gap-3">
        <PluginIcon name={plugin.name} icon={plugin.icon} />
        <div className="min-w-0">
          <h3 className="text-base font-semibold">{t('com_nav_plugin_auth_title', { name: plugin.name })}</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            {t('com_nav_plugin_auth_intro', { name: plugin.name })}
          </p>
        </div>
      </div>
      {plugin.authConfig.map((field) => (
        <AuthInput
          key={field.authField}
          field={field}
          value={values[field.authField] ?? ''}
          error={errors[field.authField]}
          onChange={(value) => setValues((v) => ({ ...v, [field.authField]: value }))}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} data-testid="plugin-auth-cancel">
          {t('com_ui_plugins_cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="plugin-auth-submit">
          {busy ? t('com_ui_plugins_installing') : t('com_nav_plugin_auth_submit')}
        </Button>
      </div>
    </form>
  );
}
