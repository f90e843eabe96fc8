import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';

// Filled by its feature's work.
export const usersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async () => {};
