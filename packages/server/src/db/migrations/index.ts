import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-users-and-sessions';
import * as m0002 from './0002-unique-username';
import * as m0003 from './0003-session-rotation-grace';
import * as m0004 from './0004-conversations-and-messages';
import * as m0005 from './0005-message-search';
import * as m0006 from './0006-user-keys';
import * as m0007 from './0007-presets';
import * as m0008 from './0008-search-newest-first';
import * as m0009 from './0009-files';
import * as m0010 from './0010-email-tokens';
import * as m0011 from './0011-invites-and-bans';
import * as m0012 from './0012-sms-codes';
import * as m0015 from './0015-ledger';
import * as m0016 from './0016-orders-and-cards';
import * as m0017 from './0017-cashback';
import * as m0018 from './0018-order-payment-code';
import * as m0019 from './0019-signup-addresses';
import * as m0020 from './0020-order-return-path';
import * as m0021 from './0021-account-page';
import * as m0022 from './0022-plugin-auths';
import * as m0023 from './0023-assistants';
import * as m0024 from './0024-tasks-and-knowledge';
import * as m0025 from './0025-action-oauth';
import * as m0026 from './0026-ledger-call-class';
import * as m0027 from './0027-shared-links';
import * as m0028 from './0028-archive-temporary';
import * as m0029 from './0029-prompt-library';
import * as m0030 from './0030-conversation-imports';
import * as m0031 from './0031-message-service-state';

/** Every migration, in order. A new feature appends its own; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-unique-username': m0002,
  '0003-session-rotation-grace': m0003,
  '0004-conversations-and-messages': m0004,
  '0005-message-search': m0005,
  '0006-user-keys': m0006,
  '0007-presets': m0007,
  '0008-search-newest-first': m0008,
  '0009-files': m0009,
  '0010-email-tokens': m0010,
  '0011-invites-and-bans': m0011,
  '0012-sms-codes': m0012,
  '0015-ledger': m0015,
  '0016-orders-and-cards': m0016,
  '0017-cashback': m0017,
  '0018-order-payment-code': m0018,
  '0019-signup-addresses': m0019,
  '0020-order-return-path': m0020,
  '0021-account-page': m0021,
  '0022-plugin-auths': m0022,
  '0023-assistants': m0023,
  '0024-tasks-and-knowledge': m0024,
  '0025-action-oauth': m0025,
  '0026-ledger-call-class': m0026,
  '0027-shared-links': m0027,
  '0028-archive-temporary': m0028,
  '0029-prompt-library': m0029,
  '0030-conversation-imports': m0030,
  '0031-message-service-state': m0031,
};
