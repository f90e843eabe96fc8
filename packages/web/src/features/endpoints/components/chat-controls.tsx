/** The top bar's endpoint and model picker, options popover, presets menu and key button. */
export function ChatControls() {
  return null;
}
