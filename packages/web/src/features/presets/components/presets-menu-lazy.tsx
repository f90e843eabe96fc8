import { lazyPopup } from '../../../components/ui/lazy-popup';
import { PresetsButton } from './presets-button';

/** The presets menu, its code fetched when the pointer or the focus reaches its button (docs/performance.md). */
export const LazyPresetsMenu = lazyPopup<object>(
  async () => (await import('./presets-menu')).PresetsMenu,
  ({ trigger }) => <PresetsButton {...trigger} />,
  'dialog',
);
