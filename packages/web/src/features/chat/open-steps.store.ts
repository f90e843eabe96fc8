import { create } from 'zustand';

/**
 * Which reply steps the user opened, by their tool call's id. Kept here rather than in each step's own state: a long
 * conversation's list draws only the messages near the screen (virtual-message-list.tsx), so a reply scrolled away and
 * back is drawn from scratch, and a step the user had opened must still be open. Only for the page's life; a step
 * starts closed after a reload.
 */
interface OpenStepsState {
  open: ReadonlySet<string>;
  toggle: (stepId: string) => void;
}

export const useOpenStepsStore = create<OpenStepsState>()((set) => ({
  open: new Set<string>(),
  toggle: (stepId) =>
    set((s) => {
      const open = new Set(s.open);
      if (open.has(stepId)) open.delete(stepId);
      else open.add(stepId);
      return { open };
    }),
}));
