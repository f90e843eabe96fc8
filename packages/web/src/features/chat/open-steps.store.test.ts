import { beforeEach, describe, expect, it } from 'vitest';
import { useOpenStepsStore } from './open-steps.store';

describe('open steps', () => {
  beforeEach(() => useOpenStepsStore.setState({ open: new Set() }));

  it('opens and closes a step by its call id, leaving the others as they were', () => {
    const { toggle } = useOpenStepsStore.getState();
    toggle('call_a');
    toggle('call_b');
    toggle('call_a');
    expect([...useOpenStepsStore.getState().open]).toEqual(['call_b']);
  });

  it('answers a new set on each change, so a step drawn again reads its state afresh', () => {
    const before = useOpenStepsStore.getState().open;
    useOpenStepsStore.getState().toggle('call_a');
    expect(useOpenStepsStore.getState().open).not.toBe(before);
    expect(useOpenStepsStore.getState().open.has('call_a')).toBe(true);
  });
});
