import { lazyPopup } from '../../../components/ui/lazy-popup';
import { OptionsButton } from './options-button';

/** The settings popover, its code fetched when the pointer or the focus reaches its button (docs/performance.md). */
export const LazyOptionsPopover = lazyPopup<object>(
  async () => (await import('./options-popover')).OptionsPopover,
  ({ trigger }) => <OptionsButton {...trigger} />,
  'dialog',
);
