import { lazyPopup } from '../../../components/ui/lazy-popup';
import type { EndpointMenuProps } from './endpoint-menu';
import { EndpointMenuButton } from './endpoint-menu-button';

/** The model menu, its code fetched when the pointer or the focus reaches its button (docs/performance.md). */
export const LazyEndpointMenu = lazyPopup<EndpointMenuProps>(
  async () => (await import('./endpoint-menu')).EndpointMenu,
  ({ trigger }) => <EndpointMenuButton {...trigger} />,
);
