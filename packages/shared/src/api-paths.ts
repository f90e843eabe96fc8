/**
 * API paths of the calls that exist today (each page of docs/reference/ gives the calls of its area). Later features
 * add theirs here.
 */
export const API = {
  health: '/health',
  config: '/api/config',
  register: '/api/auth/register',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  user: '/api/user',
  convos: '/api/convos',
  convosUpdate: '/api/convos/update',
  convosClear: '/api/convos/clear',
  convosGenTitle: '/api/convos/gen_title',
  ask: '/api/ask',
  edit: '/api/edit',
  askStream: '/api/ask/stream',
  messages: '/api/messages',
  search: '/api/search',
  searchEnable: '/api/search/enable',
  tokenizer: '/api/tokenizer',
  files: '/api/files',
  filesImages: '/api/files/images',
  filesAvatar: '/api/files/images/avatar',
  filesConfig: '/api/files/config',
  filesUsage: '/api/files/usage',
  filesDownload: '/api/files/download',
} as const;
