import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Library } from 'lucide-react';
import { barIconButton } from '../../endpoints/components/menu-styles';

/** The top bar's presets button. */
export function PresetsButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t('com_endpoint_presets')}
      title={t('com_endpoint_presets')}
      className={barIconButton}
      {...props}
    >
      <Library aria-hidden="true" className="size-[18px]" />
    </button>
  );
}
