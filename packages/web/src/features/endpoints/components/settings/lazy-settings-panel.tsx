import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../../components/ui/spinner';

// The settings panel (sliders, switches, the examples editor) loads when a popover or dialog first shows it,
// keeping it out of the initial JavaScript of /c/new.
const Panel = lazy(async () => ({ default: (await import('./settings-panel')).SettingsPanel }));

/** `SettingsPanel`, loaded on first use, with a spinner meanwhile. */
export function LazySettingsPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<Spinner />}>
      <Panel {...props} />
    </Suspense>
  );
}
