import { NIL_UUID, askPayloadSchema } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { sendIntent } from './send-intent';

const payload = (fields: Record<string, unknown>) =>
  askPayloadSchema.parse({ text: 'Question', parentMessageId: NIL_UUID, ...fields });

describe('sendIntent', () => {
  describe("LibreChat's client", () => {
    // It sends the latest message's id and text on every send; on /api/ask they are not an edit.
    const everySend = {
      generation: 'Earlier reply',
      responseMessageId: 'r-1',
      overrideParentMessageId: null,
    };

    it('a plain send is an ask, whatever generation and responseMessageId say', () => {
      expect(sendIntent('ask', payload(everySend))).toEqual({ kind: 'ask' });
    });

    it('overrideParentMessageId on /api/ask regenerates that question', () => {
      const sent = payload({
        ...everySend,
        messageId: 'fresh',
        parentMessageId: 'q-parent',
        overrideParentMessageId: 'q-1',
      });
      expect(sendIntent('ask', sent)).toEqual({ kind: 'regenerate', questionId: 'q-1' });
    });

    it('a continue names the reply to extend', () => {
      const sent = payload({
        ...everySend,
        isContinued: true,
        overrideParentMessageId: 'q-1',
        messageId: 'q-1',
      });
      expect(sendIntent('edit', sent)).toEqual({ kind: 'edit', targetId: 'r-1', editedText: null });
    });

    it('a continue without a reply id branches from the text it holds', () => {
      const sent = payload({
        isContinued: true,
        generation: 'Partial',
        responseMessageId: null,
        overrideParentMessageId: 'q-1',
      });
      expect(sendIntent('edit', sent)).toEqual({ kind: 'branch', questionId: 'q-1', baseText: 'Partial' });
    });

    it('an edited reply resubmitted branches from the edited text', () => {
      const sent = payload({
        isContinued: false,
        generation: 'Edited',
        responseMessageId: 'r-1',
        overrideParentMessageId: 'q-1',
      });
      expect(sendIntent('edit', sent)).toEqual({ kind: 'branch', questionId: 'q-1', baseText: 'Edited' });
    });
  });

  describe("Parley's web app", () => {
    it('regenerate names the question as the parent', () => {
      expect(sendIntent('edit', payload({ isRegenerate: true, parentMessageId: 'q-1' }))).toEqual({
        kind: 'regenerate',
        questionId: 'q-1',
      });
    });

    it('continue names the reply; with isEdited the edited text goes first', () => {
      expect(sendIntent('edit', payload({ isContinued: true, responseMessageId: 'r-1' }))).toEqual({
        kind: 'edit',
        targetId: 'r-1',
        editedText: null,
      });
      const edited = payload({
        isContinued: true,
        responseMessageId: 'r-1',
        isEdited: true,
        editedMessageId: 'r-1',
        editedText: 'New text',
      });
      expect(sendIntent('edit', edited)).toEqual({ kind: 'edit', targetId: 'r-1', editedText: 'New text' });
    });

    it('an edited user message names itself', () => {
      const sent = payload({ isEdited: true, editedMessageId: 'q-1', editedText: 'Better question' });
      expect(sendIntent('edit', sent)).toEqual({
        kind: 'edit',
        targetId: 'q-1',
        editedText: 'Better question',
      });
    });

    it('/api/edit without any edit field is an ask', () => {
      expect(sendIntent('edit', payload({}))).toEqual({ kind: 'ask' });
    });
  });
});
