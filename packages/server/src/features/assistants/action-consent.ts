import type { RunStatus } from '@parley/shared';
import { ActionAuthRequired } from '../actions/action-errors';
import type { ActionOAuth, OAuthAction } from '../actions/action-oauth.service';
import { ToolError, type StepAuth, type ToolContext } from '../tools/tool';
import { untilAborted } from '../tools/tool-runner';

/** Why a call that waited for the user's consent failed once the link expired (the step's output names the tool). */
export const SIGN_IN_NOT_COMPLETED = 'the sign-in was not completed';

export interface ConsentGateOptions {
  /**
   * Moves the turn's run from one status to the other if it is in the first (runs.repository.ts `switchRun`):
   * `requires_action` while a call waits, `in_progress` again after.
   */
  switchRun(from: RunStatus, to: RunStatus): Promise<unknown>;
  /** How often the token store is looked at (the operator's `pollIntervalMs`). */
  pollIntervalMs: number;
  /** Whether the user's tokens for the action are stored now: the callback stored them, on whichever instance. */
  hasTokens(actionId: string): Promise<boolean>;
  /** Told when a look at the token store (the next one tries again) or a move of the run failed. */
  onError?(error: unknown): void;
  now?: () => number;
}

/** One action's wait: the consent address every call of it shows, and the look-ups until the token is there. */
interface SharedWait {
  auth: StepAuth;
  waiters: number;
  done: Promise<void>;
  stop(): void;
}

export type ConsentGate = ReturnType<typeof createConsentGate>;

/**
 * The waits of one assistant turn for the user's consent (docs/reference/assistants.md (Signing in to an action)). A
 * call that needs it shows the consent address on its step and waits, the run in `requires_action`, looking for the
 * token every `pollIntervalMs` (a timer of this process) until it is stored, the link expires (the step fails), or
 * the reply stops. Calls of the same action share one wait and one address.
 */
export function createConsentGate(options: ConsentGateOptions) {
  // Read at each look, so a clock a test moves is the one seen.
  const now = options.now ?? (() => Date.now());
  const waits = new Map<string, SharedWait>();
  let waiting = 0;
  // The move into `requires_action` of the first waiting call: every call shows its address after it.
  let entered: Promise<unknown> = Promise.resolve();
  // The run's status tells the client what the turn waits on; a failed write of it does not stop the turn.
  const move = (from: RunStatus, to: RunStatus) =>
    options.switchRun(from, to).catch((error: unknown) => options.onError?.(error));

  function lookUntilStored(required: ActionAuthRequired): SharedWait {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const done = new Promise<void>((resolve, reject) => {
      const look = async () => {
        let stored = false;
        try {
          stored = await options.hasTokens(required.actionId);
        } catch (error) {
          options.onError?.(error);
        }
        if (stopped) return;
        if (stored) return resolve();
        if (now() >= required.expiresAt) return reject(new ToolError(SIGN_IN_NOT_COMPLETED));
        timer = setTimeout(() => void look(), options.pollIntervalMs);
      };
      timer = setTimeout(() => void look(), options.pollIntervalMs);
    });
    // Its waiters read the outcome; a wait every waiter left (Stop) ends unread.
    done.catch(() => undefined);
    return {
      auth: { url: required.authorizationUrl, expiresAt: required.expiresAt },
      waiters: 0,
      done,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** Waits until the user consented to `required`'s action; throws ToolError once the link expired. */
  async function wait(required: ActionAuthRequired, ctx: Pick<ToolContext, 'signal' | 'awaitingAuth'>) {
    const { actionId } = required;
    let shared = waits.get(actionId);
    if (!shared) {
      const started = lookUntilStored(required);
      waits.set(actionId, started);
      // Once it has an outcome, a later call of the action asks again (it finds the token, or gets a new link).
      const forget = () => void (waits.get(actionId) === started && waits.delete(actionId));
      started.done.then(forget, forget);
      shared = started;
    }
    shared.waiters += 1;
    waiting += 1;
    try {
      // The run reads `requires_action` before the client is shown the address.
      if (waiting === 1) entered = move('in_progress', 'requires_action');
      await entered;
      ctx.awaitingAuth?.(shared.auth);
      await untilAborted(shared.done, ctx.signal);
    } finally {
      ctx.awaitingAuth?.(null);
      shared.waiters -= 1;
      // A wait no call waits on any more (Stop) stops looking.
      if (shared.waiters === 0) {
        shared.stop();
        if (waits.get(actionId) === shared) waits.delete(actionId);
      }
      waiting -= 1;
      if (waiting === 0) await move('requires_action', 'in_progress');
    }
  }

  return { wait };
}

/**
 * The token of an OAuth action's call in an assistant's turn: the stored one (refreshed when due), else, once the
 * user consented through the gate, the one the callback stored.
 */
export function consentedToken(
  oauth: ActionOAuth,
  target: OAuthAction,
  scope: { userId: string; runId: string; gate: ConsentGate },
) {
  return async (ctx: ToolContext): Promise<string> => {
    const token = () => oauth.accessToken(target, scope.userId, { runId: scope.runId, signal: ctx.signal });
    try {
      return await token();
    } catch (error) {
      if (!(error instanceof ActionAuthRequired)) throw error;
      await scope.gate.wait(error, ctx);
      return token();
    }
  };
}
