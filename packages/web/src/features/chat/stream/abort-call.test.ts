import { describe, expect, it } from 'vitest';
import { routeUrl } from '@parley/shared';
import { abortCall } from './abort-call';

describe('abortCall (docs/reference/chat.md (Stopping a reply))', () => {
  it("posts the conversation's id to the ask path's abort of the endpoint", () => {
    const call = abortCall('openAI', 'c1', 'r1_');
    expect(call).toEqual({
      route: 'abort',
      endpoint: 'openAI',
      payload: { abortKey: 'c1', endpoint: 'openAI' },
    });
    expect(routeUrl(call.route, { endpoint: 'openAI' })).toBe('/api/ask/openAI/abort');
  });

  it('on the assistants endpoint, posts conversationId:messageId (the reply) to /api/assistants/chat/abort', () => {
    const call = abortCall('assistants', 'c1', 'r1_');
    expect(call).toEqual({
      route: 'assistantChatAbort',
      payload: { abortKey: 'c1:r1_', endpoint: 'assistants' },
    });
    expect(routeUrl(call.route, {})).toBe('/api/assistants/chat/abort');
  });
});
