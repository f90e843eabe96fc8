import { useTranslation } from 'react-i18next';
import { ImageOff } from 'lucide-react';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { useSelectEndpoint } from '../../endpoints/hooks/use-select-endpoint';
import { useConversationStore } from '../conversation.store';
import type { VisionAdvice } from '../vision-rules';

/**
 * Under the attached files, when the current model can't read the images
 * (docs/reference/files.md (Images and vision)): says so, and offers the model that can, as the landing's image card would; Send waits meanwhile, since
 * the server would refuse the images rather than send them nowhere.
 */
export function VisionNotice({ advice }: { advice: VisionAdvice }) {
  const { t } = useTranslation();
  const select = useSelectEndpoint();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  if (!advice) return null;
  const target = advice.switchTo;
  const label = target
    ? target.endpoint === endpoint
      ? target.model
      : `${endpointLabel(target.endpoint, t)} · ${target.model}`
    : '';
  return (
    <div
      role="status"
      data-testid="vision-notice"
      className="mx-1 mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm leading-6 text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/30 dark:text-amber-200"
    >
      <span className="flex min-w-0 flex-1 basis-56 gap-2">
        <ImageOff className="mt-1 size-4 shrink-0" aria-hidden="true" />
        <span>
          {t(target ? 'com_ui_vision_unsupported' : 'com_ui_vision_unsupported_none', {
            model: advice.model,
          })}
        </span>
      </span>
      {target && (
        <button
          type="button"
          data-testid="vision-switch"
          onClick={() => select(target.endpoint, target.model)}
          className="shrink-0 rounded-lg border border-amber-300 bg-white px-2.5 py-1 text-sm font-medium text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900/60"
        >
          {t('com_ui_vision_switch', { model: label })}
        </button>
      )}
    </div>
  );
}
