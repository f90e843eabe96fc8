import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SecretFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** A key is hidden by default and can be shown; a URL or a name is plain text. */
  secret?: boolean;
  placeholder?: string;
  disabled?: boolean;
  describedBy?: string;
}

/** One labelled key-form input; secrets are password inputs with a show/hide toggle. */
export function SecretField({
  label,
  value,
  onChange,
  invalid,
  secret = true,
  placeholder,
  disabled,
  describedBy,
}: SecretFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={secret && !shown ? 'password' : 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          disabled={disabled}
          // Keys are not site passwords: keep password managers from offering to save or fill them.
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? describedBy : undefined}
          className={`h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 font-mono text-base text-zinc-900 shadow-xs transition outline-none placeholder:font-sans placeholder:text-zinc-400 focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:opacity-70 aria-invalid:border-rose-500 aria-invalid:focus:ring-rose-500/20 sm:text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:disabled:bg-zinc-800 ${secret ? 'pe-11' : ''}`}
        />
        {secret && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            disabled={disabled}
            aria-label={t('com_endpoint_config_key_show', { label })}
            aria-pressed={shown}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-50 dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
