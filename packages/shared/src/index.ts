export * from './constants';
export * from './errors';
export * from './api-paths';
export * from './auth/auth.schema';
export * from './auth/validation-messages';
export * from './auth/auth-messages';
export * from './config/startup-config.schema';
