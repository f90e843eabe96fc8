import { useState, type KeyboardEvent } from 'react';
import { usePromptLibrary } from '../prompt-library.api';
import { movePick, pickerEntries, pickerKey, slashQuery } from '../slash-picker';
import { useChoosePrompt } from './use-choose-prompt';

/**
 * The slash picker of the message box (docs/reference/prompt-library.md (The slash picker)): open while the draft
 * starts with a slash, filtered by what follows it; arrows move, Enter or Tab chooses, Escape closes it until the
 * slash is gone. `onKeyDown` answers true when it used the key.
 */
export function useSlashPicker(draft: string) {
  const query = slashQuery(draft);
  const [dismissed, setDismissed] = useState(false);
  if (query === null && dismissed) setDismissed(false);
  const open = query !== null && !dismissed;
  const library = usePromptLibrary(open);
  const entries = open ? pickerEntries(library.data ?? [], query) : [];
  // The highlight starts on the first match again whenever the query changes.
  const [highlight, setHighlight] = useState({ query, pick: 0 });
  const pick = highlight.query === query ? Math.min(highlight.pick, entries.length - 1) : 0;
  const choose = useChoosePrompt();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing || event.keyCode === 229) return false;
    const action = pickerKey(event.key, event.shiftKey);
    const entry = entries[pick];
    if (action === null || (action === 'choose' && !entry)) return false;
    event.preventDefault();
    if (action === 'close') setDismissed(true);
    else if (action === 'choose') choose(entry!);
    else setHighlight({ query, pick: movePick(pick, action === 'next' ? 1 : -1, entries.length) });
    return true;
  };

  return { open, loading: library.isPending && open, entries, pick, choose, onKeyDown };
}
