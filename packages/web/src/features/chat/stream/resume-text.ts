/**
 * Rebuilds a reply's text when a reloaded page re-attaches to a running generation
 * (docs/reference/chat.md (Leaving and resuming)). The server replays the job's deltas from the start, while the page
 * already holds the saved text, which is the reply's starting text (empty, or for a continue the old text) plus some
 * prefix of those deltas. Showing `saved + replayed` would repeat that prefix; showing only the replay would drop a
 * continue's old text.
 *
 * The starting text is where the saved text and the replay line up: the first position p from which the rest
 * of the saved text and the replay agree (one is a prefix of the other). Until the replay passes the saved
 * text, the saved text is shown unchanged; from then on, the start is fixed and deltas simply append.
 */
export interface ResumeText {
  /** The text to show after this delta. */
  push(delta: string): string;
}

export function createResumeText(saved: string): ResumeText {
  let replayed = '';
  let base: string | null = null;

  const alignment = (): number => {
    for (let p = 0; p <= saved.length; p++) {
      const rest = saved.length - p;
      if (rest >= replayed.length ? saved.startsWith(replayed, p) : replayed.startsWith(saved.slice(p))) {
        return p;
      }
    }
    return saved.length;
  };

  return {
    push(delta) {
      replayed += delta;
      if (base !== null) return base + replayed;
      const p = alignment();
      if (saved.length - p >= replayed.length) return saved;
      base = saved.slice(0, p);
      return base + replayed;
    },
  };
}
