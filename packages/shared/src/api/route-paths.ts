import { API } from '../api-paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every call of the API by name: its method and its path, with `:name` for each path parameter. The schemas of
 * each call are in routes.ts; this part is apart so the web app can build URLs without loading every schema.
 * Names are what server routes and web calls refer to; a test compares the server's routes with this list.
 */
export const ROUTE_PATHS = {
  health: ['GET', API.health],
  getConfig: ['GET', API.config],
  register: ['POST', API.register],
  login: ['POST', API.login],
  refresh: ['POST', API.refresh],
  logout: ['POST', API.logout],
  getUser: ['GET', API.user],
  listEndpoints: ['GET', API.endpoints],
  listModels: ['GET', API.models],
  getEndpointsOverride: ['GET', API.endpointsOverride],
  saveKey: ['PUT', API.keys],
  getKeyExpiry: ['GET', API.keys],
  deleteKey: ['DELETE', `${API.keys}/:name`],
  deleteAllKeys: ['DELETE', API.keys],
  listPresets: ['GET', API.presets],
  savePreset: ['POST', API.presets],
  deletePresets: ['POST', API.presetsDelete],
  listConversations: ['GET', API.convos],
  getConversation: ['GET', `${API.convos}/:conversationId`],
  renameConversation: ['POST', API.convosUpdate],
  clearConversations: ['POST', API.convosClear],
  generateTitle: ['POST', API.convosGenTitle],
  listMessages: ['GET', `${API.messages}/:conversationId`],
  updateMessage: ['PUT', `${API.messages}/:conversationId/:messageId`],
  search: ['GET', API.search],
  searchEnabled: ['GET', API.searchEnable],
  countTokens: ['POST', API.tokenizer],
  ask: ['POST', `${API.ask}/:endpoint`],
  edit: ['POST', `${API.edit}/:endpoint`],
  abort: ['POST', `${API.ask}/:endpoint/abort`],
  resumeStream: ['GET', `${API.askStream}/:conversationId`],
  listFiles: ['GET', API.files],
  getFileConfig: ['GET', API.filesConfig],
  getFileUsage: ['GET', API.filesUsage],
  deleteFiles: ['DELETE', API.files],
  downloadFile: ['GET', `${API.filesDownload}/:file_id`],
  uploadFile: ['POST', API.files],
  uploadImage: ['POST', API.filesImages],
  uploadAvatar: ['POST', API.filesAvatar],
} as const satisfies Record<string, readonly [HttpMethod, string]>;

export type RouteName = keyof typeof ROUTE_PATHS;

/** The path of a call with its parameters filled in (each encoded) and the query string appended. */
export function routeUrl(
  name: RouteName,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = ROUTE_PATHS[name][1].replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: path parameter ${key} is missing`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
