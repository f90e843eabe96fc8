export { startSim } from './server';
export { defaultReply } from './plan';
export type {
  RecordedRequest,
  Sim,
  SimDefaults,
  SimErrorKind,
  SimImage,
  SimOptions,
  SimProvider,
  SimScript,
  SimRule,
  SimScriptError,
  SimStep,
  SimToolCall,
  SimToolResult,
} from './types';
export { startChatGPTWeb } from './services/chatgpt-web';
export type { ChatGPTWeb, ChatGPTWebRequest } from './services/chatgpt-web';
export { HOSTILE_FRAME, IMAGE_FRAME, startBingChatHub } from './services/bing-chathub';
export type { BingChatHub, BingInvocation } from './services/bing-chathub';
