import { useId } from 'react';
import * as Switch from '@radix-ui/react-switch';
import type { BooleanSetting } from '@parley/shared';
import { fieldHint, fieldLabel } from './field-styles';

interface SettingSwitchProps {
  setting: BooleanSetting;
  label: string;
  hint?: string;
  value: unknown;
  onChange: (value: boolean) => void;
}

/** An on/off setting (resend images, skip completion). */
export function SettingSwitch({ setting, label, hint, value, onChange }: SettingSwitchProps) {
  const id = useId();
  const checked = typeof value === 'boolean' ? value : setting.default;
  return (
    <div className="flex flex-col gap-1" data-testid={`setting-${setting.key}`}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className={fieldLabel}>
          {label}
        </label>
        <Switch.Root
          id={id}
          checked={checked}
          onCheckedChange={onChange}
          className="relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 data-[state=checked]:bg-teal-600 dark:bg-zinc-700 dark:data-[state=checked]:bg-teal-500"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[18px]" />
        </Switch.Root>
      </div>
      {hint && <p className={fieldHint}>{hint}</p>}
    </div>
  );
}
