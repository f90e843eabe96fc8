export { startSim } from './server';
export { defaultReply } from './plan';
export type {
  RecordedRequest,
  Sim,
  SimDefaults,
  SimErrorKind,
  SimOptions,
  SimProvider,
  SimScript,
  SimRule,
  SimScriptError,
  SimToolCall,
} from './types';
