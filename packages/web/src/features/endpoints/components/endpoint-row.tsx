import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, ChevronRight, KeyRound } from 'lucide-react';
import type { EndpointsConfig } from '@parley/shared';
import { endpointLabel } from '../endpoint-label';
import { EndpointIcon } from './endpoint-icon';

interface EndpointRowProps {
  endpoint: string;
  config: EndpointsConfig | undefined;
  current: boolean;
  /** 'right' opens a submenu; 'down' and 'up' show an inline list's state. */
  chevron: 'right' | 'down' | 'up';
}

/** The inside of an endpoint's menu entry: mark, name, key hint, current check and chevron. */
export function EndpointRow({ endpoint, config, current, chevron }: EndpointRowProps) {
  const { t } = useTranslation();
  const Chevron = chevron === 'right' ? ChevronRight : ChevronDown;
  return (
    <>
      <EndpointIcon endpoint={endpoint} config={config} size="sm" />
      <span className="min-w-0 flex-1 truncate">{endpointLabel(endpoint, t)}</span>
      {config?.[endpoint]?.userProvide && (
        <KeyRound aria-label={t('com_endpoint_needs_key')} className="size-3.5 shrink-0 text-zinc-400" />
      )}
      {current && <Check aria-hidden="true" className="size-4 shrink-0 text-teal-600" />}
      <Chevron
        aria-hidden="true"
        className={`size-4 shrink-0 text-zinc-400 transition-transform ${chevron === 'up' ? 'rotate-180' : ''} ${chevron === 'right' ? 'rtl:-scale-x-100' : ''}`}
      />
    </>
  );
}
