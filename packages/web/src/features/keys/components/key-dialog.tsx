import { useTranslation } from 'react-i18next';
import { endpointLabel } from '../../endpoints/endpoint-label';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { useKeyDialogStore } from '../key-dialog.store';
import { userKeyName } from '../key-names';
import { KeyEditor } from './key-editor';

/**
 * The endpoint key dialog (docs/reference/endpoints-and-models.md (User-provided keys)), mounted once in the shell and
 * opened through useKeyDialogStore.
 */
export function KeyDialog() {
  const { t } = useTranslation();
  const endpoint = useKeyDialogStore((s) => s.endpoint);
  const close = useKeyDialogStore((s) => s.close);
  const { data: config } = useEndpointsQuery();
  return (
    <DialogFrame
      open={endpoint !== null}
      onOpenChange={(open) => !open && close()}
      title={t('com_endpoint_config_key_title', { name: endpoint ? endpointLabel(endpoint, t) : '' })}
      description={t('com_endpoint_config_key_description')}
      testId="key-dialog"
      onOpenAutoFocus={(e) => {
        // Straight into the first text field (the key), rather than the close button.
        const field = (e.target as HTMLElement).querySelector<HTMLInputElement>(
          'input:not([type="file"]):not(:disabled)',
        );
        if (!field) return;
        e.preventDefault();
        field.focus();
      }}
    >
      {endpoint && (
        // Keyed by endpoint: switching endpoints starts a blank form, never carrying one key into another.
        <KeyEditor
          key={endpoint}
          endpoint={endpoint}
          config={config?.[endpoint]}
          name={userKeyName(endpoint, config)}
          onDone={close}
        />
      )}
    </DialogFrame>
  );
}
