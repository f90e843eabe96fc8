import { sim } from './chat.test-helpers';
import {
  ANSWER_FUNCTION,
  BROKEN_CITY,
  DRAWING_CODE,
  FORECAST_FUNCTION,
} from './assistants-chat.test-helpers';

// What assistants-chat.e2e.ts asks, each with the simulator's script for the model's steps and reply.

export const ASK_CODE = `Compute it and draw a square. ${sim({
  steps: [
    { toolCalls: [{ name: 'code_interpreter', input: { code: DRAWING_CODE } }] },
    { reply: 'It is 42.' },
  ],
})}`;
export const ASK_KNOWLEDGE = `How long do refunds take? ${sim({
  steps: [{ toolCalls: [{ name: 'retrieval', input: { query: 'refunds' } }] }, { reply: 'Within 30 days.' }],
})}`;
// A two-character Chinese query finds the Chinese file's passage.
export const ASK_KNOWLEDGE_ZH = `运费退吗？ ${sim({
  steps: [{ toolCalls: [{ name: 'retrieval', input: { query: '运费' } }] }, { reply: '运费不予退还。' }],
})}`;
export const ASK_WEATHER = `Weather in Paris? ${sim({
  steps: [{ toolCalls: [{ name: FORECAST_FUNCTION, input: { city: 'Paris' } }] }, { reply: 'Sunny, 24.' }],
})}`;
export const ASK_BROKEN = `Weather in ${BROKEN_CITY}? ${sim({
  steps: [
    { toolCalls: [{ name: FORECAST_FUNCTION, input: { city: BROKEN_CITY } }] },
    { reply: 'No forecast.' },
  ],
})}`;
// The acceptance flow in one reply: the knowledge, the OAuth action (a sign-in first), then a drawing.
export const ASK_EVERYTHING = `Refunds, the answer, and a square? ${sim({
  steps: [
    { toolCalls: [{ name: 'retrieval', input: { query: 'refunds' } }] },
    { toolCalls: [{ name: ANSWER_FUNCTION, input: {} }] },
    { toolCalls: [{ name: 'code_interpreter', input: { code: DRAWING_CODE } }] },
    { reply: 'Refunds take 30 days [1]; the site says forty-two; here is your square.' },
  ],
})}`;
// 400 words at 20 a second: still streaming when Stop is pressed.
export const ASK_LONG = `Tell me a long story. ${sim({ tokens: 400, rate: 20 })}`;
