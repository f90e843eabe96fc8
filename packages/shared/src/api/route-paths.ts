export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every call of the API by name: `METHOD /path`, with `:name` for each path parameter. The one place a path is
 * written (api-paths.ts derives its prefixes from here). The schemas of
 * each call are in routes.ts; this part is apart so the web app can build URLs without loading every schema.
 * Names are what server routes and web calls refer to; a test compares the server's routes with this list.
 */
export const ROUTE_PATHS = {
  health: 'GET /health',
  getConfig: 'GET /api/config',
  register: 'POST /api/auth/register',
  login: 'POST /api/auth/login',
  refresh: 'POST /api/auth/refresh',
  logout: 'POST /api/auth/logout',
  checkInvite: 'GET /api/auth/invite/:code',
  requestPasswordReset: 'POST /api/auth/requestPasswordReset',
  resetPassword: 'POST /api/auth/resetPassword',
  verifyEmail: 'POST /api/auth/verifyEmail',
  socialLoginStart: 'GET /oauth/:provider',
  socialLoginCallback: 'GET /oauth/:provider/callback',
  sendVerifyCode: 'POST /api/auth/sendVerifyCode',
  phoneLogin: 'POST /api/auth/phoneLogin',
  getUser: 'GET /api/user',
  getInviteStats: 'GET /api/user/invites',
  updateUser: 'PUT /api/user',
  changePassword: 'POST /api/user/password',
  bindPhone: 'POST /api/user/phone',
  requestEmailChange: 'POST /api/user/email/change',
  deleteUser: 'DELETE /api/user/delete',
  updateUserPlugins: 'POST /api/user/plugins',
  listPlugins: 'GET /api/plugins',
  getBalance: 'GET /api/balance',
  getUsage: 'GET /api/balance/usage',
  getPurchaseOptions: 'GET /api/purchaseOptions',
  charge: 'POST /api/charge',
  getOrder: 'GET /api/orders/:orderId',
  paymentNotify: 'POST /api/pay/notify/:provider',
  devPayPage: 'GET /pay/dev/:orderId',
  devPay: 'POST /pay/dev/:orderId',
  wechatPayPage: 'GET /pay/wechat/:orderId',
  paymentStatus: 'GET /pay/status/:orderId',
  click: 'POST /api/click',
  listPromptLibrary: 'GET /api/promptLibrary',
  listEndpoints: 'GET /api/endpoints',
  listModels: 'GET /api/models',
  getEndpointsOverride: 'GET /api/endpoints/config/override',
  saveKey: 'PUT /api/keys',
  getKeyExpiry: 'GET /api/keys',
  deleteKey: 'DELETE /api/keys/:name',
  deleteAllKeys: 'DELETE /api/keys',
  listPresets: 'GET /api/presets',
  savePreset: 'POST /api/presets',
  deletePresets: 'POST /api/presets/delete',
  listConversations: 'GET /api/convos',
  getConversation: 'GET /api/convos/:conversationId',
  renameConversation: 'POST /api/convos/update',
  clearConversations: 'POST /api/convos/clear',
  archiveConversation: 'POST /api/convos/archive',
  generateTitle: 'POST /api/convos/gen_title',
  importConversations: 'POST /api/convos/import',
  getImportJob: 'GET /api/convos/import/jobs/:jobId',
  listMessages: 'GET /api/messages/:conversationId',
  updateMessage: 'PUT /api/messages/:conversationId/:messageId',
  getMessageCost: 'GET /api/messages/:conversationId/:messageId/cost',
  search: 'GET /api/search',
  searchEnabled: 'GET /api/search/enable',
  countTokens: 'POST /api/tokenizer',
  ask: 'POST /api/ask/:endpoint',
  edit: 'POST /api/edit/:endpoint',
  abort: 'POST /api/ask/:endpoint/abort',
  abortEdit: 'POST /api/edit/:endpoint/abort',
  resumeStream: 'GET /api/ask/stream/:conversationId',
  syncFeed: 'GET /api/ask/sync',
  listSharedLinks: 'GET /api/share',
  getShareOfConversation: 'GET /api/share/link/:conversationId',
  getSharedConversation: 'GET /api/share/:shareId',
  createShare: 'POST /api/share/:conversationId',
  renewShare: 'PATCH /api/share/:shareId',
  deleteShare: 'DELETE /api/share/:shareId',
  listFiles: 'GET /api/files',
  getFileConfig: 'GET /api/files/config',
  getFileUsage: 'GET /api/files/usage',
  deleteFiles: 'DELETE /api/files',
  downloadFile: 'GET /api/files/download/:file_id',
  uploadFile: 'POST /api/files',
  uploadImage: 'POST /api/files/images',
  uploadAvatar: 'POST /api/files/images/avatar',
  getSpeechConfig: 'GET /api/files/speech/config/get',
  listSpeechVoices: 'GET /api/files/speech/tts/voices',
  textToSpeech: 'POST /api/files/speech/tts',
  speechToText: 'POST /api/files/speech/stt',
  listAssistants: 'GET /api/assistants',
  createAssistant: 'POST /api/assistants',
  listAssistantDocuments: 'GET /api/assistants/documents',
  listAssistantTools: 'GET /api/assistants/tools',
  assistantChat: 'POST /api/assistants/chat',
  assistantChatModify: 'POST /api/assistants/chat/modify',
  assistantChatAbort: 'POST /api/assistants/chat/abort',
  listAssistantActions: 'GET /api/assistants/actions',
  updateAssistantAction: 'POST /api/assistants/actions/:assistant_id',
  deleteAssistantAction: 'DELETE /api/assistants/actions/:assistant_id/:action_id',
  uploadAssistantAvatar: 'POST /api/assistants/avatar/:assistant_id',
  getAssistant: 'GET /api/assistants/:id',
  updateAssistant: 'PATCH /api/assistants/:id',
  deleteAssistant: 'DELETE /api/assistants/:id',
  actionOAuthCallback: 'GET /api/actions/:action_id/oauth/callback',
} as const satisfies Record<string, `${HttpMethod} /${string}`>;

export type RouteName = keyof typeof ROUTE_PATHS;

type Line<N extends RouteName> = (typeof ROUTE_PATHS)[N];
export type RouteMethod<N extends RouteName> =
  Line<N> extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type RoutePath<N extends RouteName> = Line<N> extends `${HttpMethod} ${infer P}` ? P : never;

/** The method of a call. */
export function methodOf<N extends RouteName>(name: N): RouteMethod<N> {
  return ROUTE_PATHS[name].slice(0, ROUTE_PATHS[name].indexOf(' ')) as RouteMethod<N>;
}

/** The path of a call, with `:name` for each parameter. */
export function pathOf<N extends RouteName>(name: N): RoutePath<N> {
  return ROUTE_PATHS[name].slice(ROUTE_PATHS[name].indexOf(' ') + 1) as RoutePath<N>;
}

/** The path of a call with its parameters filled in (each encoded) and the query string appended. */
export function routeUrl(
  name: RouteName,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = pathOf(name).replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: path parameter ${key} is missing`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
