import type { KeyboardEvent } from 'react';
import type { EnumSetting } from '@parley/shared';
import { fieldHint, fieldLabel } from './field-styles';

interface SettingChoiceProps {
  setting: EnumSetting;
  label: string;
  hint?: string;
  value: unknown;
  optionLabel: (option: string) => string;
  onChange: (value: string) => void;
}

/** A choice among a few fixed values (image detail auto/low/high, plugins agent) as a segmented control. */
export function SettingChoice({ setting, label, hint, value, optionLabel, onChange }: SettingChoiceProps) {
  const current = typeof value === 'string' ? value.toLowerCase() : setting.default;
  const options = setting.options;

  // Radio-group keyboard model: arrows move the choice, only the chosen button is in the tab order.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const delta =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (!delta) return;
    e.preventDefault();
    const index = (options.indexOf(current) + delta + options.length) % options.length;
    onChange(options[index]!);
    const buttons = e.currentTarget.parentElement?.querySelectorAll('button');
    (buttons?.[index] as HTMLButtonElement | undefined)?.focus();
  };

  return (
    <div className="flex flex-col gap-2" data-testid={`setting-${setting.key}`}>
      <span className={fieldLabel}>{label}</span>
      <div
        role="radiogroup"
        aria-label={label}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
      >
        {options.map((option) => {
          const checked = option === current;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(option)}
              onKeyDown={onKeyDown}
              className={`h-8 rounded-md px-2 text-sm transition focus-visible:outline-2 focus-visible:outline-teal-600 ${
                checked
                  ? 'bg-white font-medium text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-50'
                  : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
              }`}
            >
              {optionLabel(option)}
            </button>
          );
        })}
      </div>
      {hint && <p className={fieldHint}>{hint}</p>}
    </div>
  );
}
