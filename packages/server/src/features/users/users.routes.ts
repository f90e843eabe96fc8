import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { mailContextOf } from '../auth/mail-context';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { setDeviceCookie } from '../auth/device-cookie';
import { inviteStats } from '../cashback/invite-stats.service';
import { smsDisabled } from '../sms/send-code.service';
import { refuseIfOver } from '../auth/auth-rate-limits';
import { AUTH_MESSAGES } from '@parley/shared';
import { changePassword, updateName } from './account.service';
import { bindPhone, requestEmailChange } from './account-binding.service';
import { deleteAccount } from './account-deletion.service';
import { countedPasswordTry, createAccountLimits, RATE_KEY } from './account-limits';
import { toPublicUser } from './users.service';

/**
 * `GET /api/user`: the signed-in user (the guard has already refused deleted and banned accounts); their invite
 * stats; and the account page's calls (docs/reference/accounts.md (The account page)).
 */
export const usersRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const guard = [requireAuth(deps, services)];
  const limits = createAccountLimits(deps);
  addRoute(app, 'getUser', {
    preValidation: guard,
    handler: async (request) => toPublicUser(deps.config, authUser(request).row),
  });
  // docs/reference/accounts.md (Invite links); docs/reference/commerce.md (Invites and cash-back).
  addRoute(app, 'getInviteStats', {
    preValidation: guard,
    handler: async (request) => inviteStats(deps, authUser(request).row),
  });

  addRoute(app, 'updateUser', {
    preValidation: guard,
    handler: async (request) => updateName(deps, authUser(request).row, request.body.name),
  });

  addRoute(app, 'changePassword', {
    preValidation: guard,
    handler: async (request, reply) => {
      const { row, sessionId } = authUser(request);
      const answer = await changePassword(deps, row, sessionId, request.body, (check) =>
        countedPasswordTry(limits, row.id, reply, check),
      );
      // The browser's known-device pass was made under the old password; this browser keeps one.
      await setDeviceCookie(reply, deps, row.id);
      return answer;
    },
  });

  addRoute(app, 'bindPhone', {
    preValidation: [
      ...guard,
      async () => {
        if (!deps.config.sms.transport) throw smsDisabled();
      },
    ],
    handler: async (request) => bindPhone(deps, authUser(request).row, request.body),
  });

  addRoute(app, 'requestEmailChange', {
    preValidation: guard,
    handler: async (request, reply) => {
      const { row } = authUser(request);
      return requestEmailChange(deps, row, request.body.email, mailContextOf(request), async () =>
        refuseIfOver(
          [await limits.emailLinks.hit(row.id)],
          reply,
          AUTH_MESSAGES.accountRateLimited,
          RATE_KEY,
        ),
      );
    },
  });

  addRoute(app, 'deleteUser', {
    preValidation: guard,
    handler: async (request, reply) => {
      const { row } = authUser(request);
      const ctx = {
        deps,
        storageForSource: services.storageForSource,
        log: request.log,
        stopReplies: () => services.chat.stopUserJobs(row.id),
      };
      const answer = await deleteAccount(ctx, row, request.body, (check) =>
        countedPasswordTry(limits, row.id, reply, check),
      );
      clearRefreshCookie(reply, deps.config);
      return answer;
    },
  });
};
