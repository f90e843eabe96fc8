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
