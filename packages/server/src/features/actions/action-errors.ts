import { ToolError } from '../tools/tool';

/**
 * Thrown by an OAuth action's tool when the user has no usable token for it (none yet, or expired with no refresh
 * token, or the refresh refused): the run waits in `requires_action` until the user has consented at
 * `authorizationUrl`, whose callback stores the token, and then goes on.
 */
export class ActionAuthRequired extends ToolError {
  override name = 'ActionAuthRequired';
  constructor(
    readonly actionId: string,
    readonly domain: string,
    readonly authorizationUrl: string,
    /** When the `state` inside the URL stops being accepted (Unix ms). */
    readonly expiresAt: number,
  ) {
    super(`Sign in to ${domain} is needed before this action can run`);
  }
}
