import { create } from 'zustand';

interface RenderAllState {
  /** True while every row of the log must be in the page (the screenshot export), not just those in view. */
  all: boolean;
  set: (all: boolean) => void;
}

export const useRenderAllStore = create<RenderAllState>()((set) => ({
  all: false,
  set: (all) => set({ all }),
}));
