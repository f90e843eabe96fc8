import { z } from 'zod';
import {
  createShareBodySchema,
  shareCreatedSchema,
  shareDeletedSchema,
  sharedConversationSchema,
  sharedLinksPageSchema,
  sharedLinksQuerySchema,
  shareOfConversationSchema,
} from '../share/share.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { anyone, conversationParams, id, signedIn } from './route-parts';

const shareParams = z.object({ shareId: id });
const TAG = 'Sharing';
const SWITCHED_OFF = 'Shared links are turned off on this server (ALLOW_SHARED_LINKS=false).';

/** Share links (docs/reference/sharing.md (Share links)): made and revoked by the owner, read by anyone with one. */
export const SHARE_ROUTES = {
  listSharedLinks: signedIn(TAG, "A page of the user's share links", {
    query: sharedLinksQuerySchema,
    responses: { 200: sharedLinksPageSchema },
  }),
  getShareOfConversation: signedIn(TAG, "The newest share link of one of the user's conversations", {
    params: conversationParams,
    responses: { 200: shareOfConversationSchema },
    description:
      'Answers `success: false` and `shareId: null` when the conversation has no link (or is not theirs).',
  }),
  getSharedConversation: anyone(TAG, 'Read a shared branch: no sign-in needed', {
    params: shareParams,
    responses: { 200: sharedConversationSchema },
    errors: {
      401: 'The operator requires sign-in to read shared links (ALLOW_SHARED_LINKS_PUBLIC=false).',
      404: 'No such link: never made, revoked, its conversation deleted, or sharing turned off.',
    },
    description:
      'The title, dates and messages of the shared branch, root first, as they were when the link was made. ' +
      "Nothing names the owner: `conversationId` is the share's id and a user's message has the sender `User`. " +
      'Files and images carry signed addresses that work without sign-in for 10 to 20 minutes.',
  }),
  createShare: signedIn(
    TAG,
    'Share a branch of a conversation: a read-only copy anyone with the link can read',
    {
      params: conversationParams,
      body: createShareBodySchema,
      responses: { 200: shareCreatedSchema },
      errors: {
        400: 'The conversation has no messages.',
        403: SWITCHED_OFF,
        404: "Not the user's conversation, or the target message is not in it.",
      },
      description:
        'Copies the branch from the first message to `targetMessageId`; without one, to the latest message of the ' +
        'branch the web shows (at each step the newest reply). Later messages and edits do not change the link.',
    },
  ),
  renewShare: signedIn(
    TAG,
    'Renew a link: a new copy of its branch under a new id; the old address stops working',
    {
      params: shareParams,
      responses: { 200: shareCreatedSchema },
      errors: { 403: SWITCHED_OFF, 404: "Not one of the user's links." },
    },
  ),
  deleteShare: signedIn(TAG, 'Revoke a link: it stops working at once', {
    params: shareParams,
    responses: { 200: shareDeletedSchema },
    errors: { 404: "Not one of the user's links." },
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
