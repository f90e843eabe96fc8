import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCommerceDialogs } from '../commerce-dialogs.store';

/**
 * A payment page sends the buyer back to the page they paid from with `?paid=<orderId>`
 * (docs/reference/commerce.md (Back from the payment page)): open the notice of that order, and take the mark out of the address so a reload or
 * a shared link does not show it again.
 */
export function usePaidReturn(enabled: boolean): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const params = new URLSearchParams(search);
    const orderId = params.get('paid');
    if (!orderId) return;
    params.delete('paid');
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
    useCommerceDialogs.getState().showPaid(orderId);
  }, [enabled, pathname, search, hash, navigate]);
}
