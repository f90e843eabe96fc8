import { useEffect } from 'react';
import { fileDeletes } from '../file-deletes';

let sent = false;

/**
 * Sends the deletes an earlier page left pending (docs/reference/files.md (Deleting files)), once per load, after
 * sign-in.
 */
export function useSendPendingDeletes(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || sent) return;
    sent = true;
    void fileDeletes.flush();
  }, [signedIn]);
}
