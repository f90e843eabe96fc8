/** API paths of the calls that exist today (spec 1 §7). Later features add theirs here. */
export const API = {
  health: '/health',
  config: '/api/config',
  register: '/api/auth/register',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  user: '/api/user',
} as const;
