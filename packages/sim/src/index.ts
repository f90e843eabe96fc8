/** The local upstream that speaks the providers wire protocols; filled by the chat-engine issue. */
export const SIM_NAME = 'parley-sim';
