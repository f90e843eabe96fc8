import { pathOf, type RouteName } from './api/route-paths';

/** A call's path up to its first parameter: `/api/messages` of `/api/messages/:conversationId`. */
const prefixOf = (name: RouteName): string => pathOf(name).split('/:')[0]!;

/**
 * Path prefixes of the API's calls, read from the route table (api/route-paths.ts, where every path is written once),
 * for code that builds or matches URLs by hand (tests, the refresh call).
 */
export const API = {
  health: pathOf('health'),
  config: pathOf('getConfig'),
  register: pathOf('register'),
  login: pathOf('login'),
  sendVerifyCode: pathOf('sendVerifyCode'),
  phoneLogin: pathOf('phoneLogin'),
  refresh: pathOf('refresh'),
  logout: pathOf('logout'),
  user: pathOf('getUser'),
  inviteStats: pathOf('getInviteStats'),
  balance: pathOf('getBalance'),
  convos: pathOf('listConversations'),
  convosUpdate: pathOf('renameConversation'),
  convosClear: pathOf('clearConversations'),
  convosGenTitle: pathOf('generateTitle'),
  ask: prefixOf('ask'),
  edit: prefixOf('edit'),
  askStream: prefixOf('resumeStream'),
  askSync: pathOf('syncFeed'),
  messages: prefixOf('listMessages'),
  search: pathOf('search'),
  searchEnable: pathOf('searchEnabled'),
  tokenizer: pathOf('countTokens'),
  files: pathOf('listFiles'),
  filesImages: pathOf('uploadImage'),
  filesAvatar: pathOf('uploadAvatar'),
  filesConfig: pathOf('getFileConfig'),
  filesUsage: pathOf('getFileUsage'),
  filesDownload: prefixOf('downloadFile'),
  presets: pathOf('listPresets'),
  presetsDelete: pathOf('deletePresets'),
  endpoints: pathOf('listEndpoints'),
  models: pathOf('listModels'),
  endpointsOverride: pathOf('getEndpointsOverride'),
  keys: pathOf('getKeyExpiry'),
} as const;
