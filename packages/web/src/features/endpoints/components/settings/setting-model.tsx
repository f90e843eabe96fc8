import { useId } from 'react';
import { fieldLabel } from './field-styles';

interface SettingModelProps {
  label: string;
  models: string[];
  value: unknown;
  fallback: string;
  onChange: (value: string) => void;
}

/** A model picked from the endpoint's own list (the plugins agent's model). */
export function SettingModel({ label, models, value, fallback, onChange }: SettingModelProps) {
  const id = useId();
  const current = typeof value === 'string' && value ? value : fallback;
  // A stored model the endpoint no longer lists stays selectable, so it is never silently replaced.
  const options = models.includes(current) ? models : [current, ...models];
  return (
    <div className="flex items-center justify-between gap-3" data-testid="setting-agentOptions.model">
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select id={id} value={current} onChange={(e) => onChange(e.target.value)} className="select-control">
        {options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
