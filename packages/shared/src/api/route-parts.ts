import { z } from 'zod';
import type { RouteSpec } from './api-route';

// Pieces the route groups (routes.*.ts) share; routes.ts joins the groups into one table.

export const id = z.string().min(1);
export const conversationParams = z.object({ conversationId: id });
export const endpointParams = z.object({ endpoint: id });
export const messageResult = z.object({ message: z.string() });

/** What a call's entry gives beside its group, summary and whether it needs a signed-in user. */
type Parts = Omit<RouteSpec, 'tag' | 'summary' | 'auth'>;

/** A call only a signed-in user may make (a Bearer access token). */
export function signedIn<const P extends Parts>(tag: string, summary: string, parts: P) {
  return { tag, summary, auth: true as const, ...parts };
}

/** A call anyone may make (sign-in, the public config, health). */
export function anyone<const P extends Parts>(tag: string, summary: string, parts: P) {
  return { tag, summary, auth: false as const, ...parts };
}
