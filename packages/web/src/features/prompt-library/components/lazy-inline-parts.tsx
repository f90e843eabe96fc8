import { lazy, Suspense, type ComponentProps } from 'react';
import { usePromptLibraryStore } from '../prompt-library.store';

// The chip and the slash picker's list load the first time they show, out of the initial JavaScript of /c/new.
const Chip = lazy(async () => ({ default: (await import('./prompt-chip')).PromptChip }));
const List = lazy(async () => ({ default: (await import('./slash-picker-list')).SlashPickerList }));

/** The chosen entry's chip, once an entry was chosen. */
export function LazyPromptChip() {
  const chosen = usePromptLibraryStore((s) => s.chosen !== null);
  return chosen ? (
    <Suspense fallback={null}>
      <Chip />
    </Suspense>
  ) : null;
}

export function LazySlashPickerList(props: ComponentProps<typeof List>) {
  return (
    <Suspense fallback={null}>
      <List {...props} />
    </Suspense>
  );
}
