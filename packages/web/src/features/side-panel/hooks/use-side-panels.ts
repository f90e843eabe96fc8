import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { useUserKeyStatus } from '../../keys/keys.api';
import { builderAvailable, sidePanels } from '../side-panels';
import { useSidePanelStore } from '../side-panel.store';

/** The panels the side panel offers now and the one it shows. */
export function useSidePanels() {
  const { data: config } = useEndpointsQuery();
  const key = useUserKeyStatus(config?.assistants ? 'assistants' : undefined);
  const remembered = useSidePanelStore((s) => s.active);
  const builder = builderAvailable(config, {
    required: key.required,
    stored: key.loading ? null : !key.missing,
    expiresAt: key.expiresAt,
  });
  return sidePanels(builder, remembered);
}
