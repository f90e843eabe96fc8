import { useId, useState } from 'react';
import * as Slider from '@radix-ui/react-slider';
import { useTranslation } from 'react-i18next';
import type { NumberSetting } from '@parley/shared';
import { fieldHint, fieldLabel } from './field-styles';

interface SettingSliderProps {
  setting: NumberSetting;
  label: string;
  hint?: string;
  value: unknown;
  onChange: (value: number) => void;
}

const decimals = (step: number) => (String(step).split('.')[1] ?? '').length;
/** Slider arithmetic drifts (0.1 + 0.2); values are kept to the step's precision. */
const toStep = (value: number, step: number) => Number(value.toFixed(decimals(step)));
const clamp = (value: number, { min, max }: NumberSetting) => Math.min(max, Math.max(min, value));

/**
 * A numeric setting: a slider with its value in an input box beside it. Double-clicking the slider puts it
 * back to the endpoint's default (docs/reference/endpoints-and-models.md (Endpoint settings)).
 */
export function SettingSlider({ setting, label, hint, value, onChange }: SettingSliderProps) {
  const { t } = useTranslation();
  const id = useId();
  const current = typeof value === 'number' ? value : setting.default;
  // What the user is typing, until it is committed on blur or Enter.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(typed)) onChange(toStep(clamp(typed, setting), setting.step));
    setDraft(null);
  };

  return (
    <div className="flex flex-col gap-2" data-testid={`setting-${setting.key}`}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className={fieldLabel}>
          {label}
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={setting.min}
          max={setting.max}
          step={setting.step}
          value={draft ?? String(current)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          className="h-8 w-20 rounded-md border border-zinc-300 bg-white px-2 text-end text-sm text-zinc-900 tabular-nums outline-none focus:border-teal-600 focus:ring-3 focus:ring-teal-600/20 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </div>
      <Slider.Root
        min={setting.min}
        max={setting.max}
        step={setting.step}
        value={[current]}
        onValueChange={([next]) => next !== undefined && onChange(toStep(next, setting.step))}
        onDoubleClick={() => onChange(setting.default)}
        title={t('com_endpoint_double_click_reset')}
        className="relative flex h-5 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700">
          <Slider.Range className="absolute h-full bg-teal-600 dark:bg-teal-500" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={label}
          className="block size-4 rounded-full border-2 border-teal-600 bg-white shadow-sm transition-transform hover:scale-110 focus-visible:ring-4 focus-visible:ring-teal-600/25 focus-visible:outline-none dark:border-teal-500 dark:bg-zinc-100"
        />
      </Slider.Root>
      {hint && <p className={fieldHint}>{hint}</p>}
    </div>
  );
}
