import { describe, expect, it } from 'vitest';
import { toolBarOpen } from './tool-bar-rules';

describe('whether the tool bar is open', () => {
  it('is open on screens wider than 640 px and collapsed up to 640 px', () => {
    expect([320, 390, 639, 640].map((w) => toolBarOpen(w, null))).toEqual([false, false, false, false]);
    expect([641, 768, 1280].map((w) => toolBarOpen(w, null))).toEqual([true, true, true]);
  });

  it("follows the user's toggle whatever the width", () => {
    expect(toolBarOpen(390, true)).toBe(true);
    expect(toolBarOpen(1280, false)).toBe(false);
  });
});
