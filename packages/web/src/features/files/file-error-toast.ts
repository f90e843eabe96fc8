import { showToast } from '../toast/toast.store';
import { createErrorGatherer, ERROR_TOAST_MS } from './error-gatherer';

/**
 * Attach and upload errors of one burst, as one error toast for 5 s
 * (docs/reference/files.md (Checks before an upload)).
 */
export const fileErrorToast = createErrorGatherer((message) =>
  showToast({ message, severity: 'error', duration: ERROR_TOAST_MS }),
);
