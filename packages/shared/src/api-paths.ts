/** API paths of the calls that exist today (spec 1 §7). Later features add theirs here. */
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
  messages: '/api/messages',
  search: '/api/search',
  searchEnable: '/api/search/enable',
  tokenizer: '/api/tokenizer',
} as const;
