import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import { useSettingsStore, type ChatSettings } from '../settings.store';

interface SettingSwitchProps {
  setting: keyof ChatSettings;
  label: string;
  hint?: string;
}

/** One persisted toggle: a labelled Radix switch, so it is found and announced by its label. */
export function SettingSwitch({ setting, label, hint }: SettingSwitchProps) {
  const id = useId();
  const checked = useSettingsStore((s) => s[setting]);
  const set = useSettingsStore((s) => s.set);
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-100">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={(value) => set(setting, value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={`setting-${setting}`}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-zinc-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 data-[state=checked]:bg-teal-700 dark:bg-zinc-700 dark:data-[state=checked]:bg-teal-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
