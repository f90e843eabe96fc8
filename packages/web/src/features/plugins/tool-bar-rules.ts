// The tool bar above the message box (docs/reference/tools.md (In the web)) starts open, except on a phone's screen,
// where the message box needs the room.

/** Screens this wide or narrower (px) start with the tool bar collapsed. */
export const TOOL_BAR_COLLAPSE_WIDTH = 640;

/**
 * Whether the tool bar shows the selected tools: as the user last toggled it, else by the window's width, so a window
 * made narrower or wider follows the rule until the user decides.
 */
export function toolBarOpen(width: number, userChoice: boolean | null): boolean {
  return userChoice ?? width > TOOL_BAR_COLLAPSE_WIDTH;
}
