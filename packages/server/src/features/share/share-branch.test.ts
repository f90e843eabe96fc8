import { describe, expect, it } from 'vitest';
import { NIL_UUID } from '@parley/shared';
import { shownBranchLeaf } from './share-branch';

const link = (id: string, parent: string = NIL_UUID) => ({ message_id: id, parent_message_id: parent });

describe('the branch the web shows', () => {
  it('takes the newest reply at each step, from the root down', () => {
    // q1 → a1; an edit made q1b (newer, at the root) → a1b, answered twice (a1b-2 the newer) → q2 under a1b-2.
    const links = [
      link('q1'),
      link('a1', 'q1'),
      link('q1b'),
      link('a1b', 'q1b'),
      link('a1b-2', 'q1b'),
      link('q2', 'a1b-2'),
      // A newer message deep in the old branch does not move the shown branch to it.
      link('q1-more', 'a1'),
    ];
    expect(shownBranchLeaf(links)).toBe('q2');
  });

  it('hangs a message whose parent is missing under the root, and stops at a loop', () => {
    expect(shownBranchLeaf([link('a'), link('b', 'gone')])).toBe('b');
    expect(shownBranchLeaf([link('a'), link('b', 'c'), link('c', 'b')])).toBe('a');
    expect(shownBranchLeaf([link('self', 'self')])).toBe('self');
    expect(shownBranchLeaf([])).toBeUndefined();
  });
});
