import { useEndpointsQuery, useModelsQuery } from '../../endpoints/endpoints.api';
import { useAttachmentsStore } from '../../files/attachments.store';
import { useFileConfig } from '../../files/files.api';
import { useConversationStore } from '../conversation.store';
import { visionAdvice, type VisionAdvice } from '../vision-rules';

/**
 * Whether the message box's images reach the current model, and which model would read them (vision-rules.ts):
 * recomputed when an image is attached and when the model changes with one attached.
 */
export function useVisionAdvice(): VisionAdvice {
  const files = useAttachmentsStore((s) => s.files);
  const current = useConversationStore((s) => s.setup);
  const config = useEndpointsQuery().data;
  const models = useModelsQuery().data;
  const fileConfig = useFileConfig();
  return visionAdvice({ files, ctx: { current, config, models, fileConfig } });
}
