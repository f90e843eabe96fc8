import { useId } from 'react';
import type { TextSetting } from '@parley/shared';
import { fieldHint, fieldLabel, textControl } from './field-styles';
import { TokenCount } from './token-count';

interface SettingTextProps {
  setting: TextSetting;
  label: string;
  placeholder?: string;
  /** Why the field is disabled, when it is. */
  disabledReason?: string;
  value: unknown;
  onChange: (value: string | null) => void;
}

/** Names are one line; instructions (prompt prefix, system message, context) get a textarea. */
const ONE_LINE = new Set<TextSetting['key']>(['chatGptLabel', 'modelLabel']);

export function SettingText({
  setting,
  label,
  placeholder,
  disabledReason,
  value,
  onChange,
}: SettingTextProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const disabled = Boolean(disabledReason);
  const hintId = `${id}-hint`;
  const countId = `${id}-tokens`;
  const described = [disabled ? hintId : null, setting.tokenCount ? countId : null].filter(Boolean).join(' ');
  const common = {
    id,
    value: text,
    placeholder,
    disabled,
    'aria-describedby': described || undefined,
    // An emptied field is unset, not an empty instruction.
    onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? null : e.target.value),
    className: textControl,
  };
  return (
    <div className="flex flex-col gap-1.5" data-testid={`setting-${setting.key}`}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {ONE_LINE.has(setting.key) ? (
        <input type="text" {...common} />
      ) : (
        <textarea rows={3} {...common} className={`${textControl} max-h-48 min-h-20 resize-y`} />
      )}
      {setting.tokenCount && <TokenCount text={text} warnAbove={setting.tokenCount.warnAbove} id={countId} />}
      {disabledReason && (
        <p id={hintId} className={fieldHint}>
          {disabledReason}
        </p>
      )}
    </div>
  );
}
