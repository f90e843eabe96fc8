import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readLinkEnv } from './link-settings';

describe('readLinkEnv', () => {
  it('leaves every link and the support contacts unset by default', () => {
    expect(readLinkEnv({})).toEqual({
      vipMirrorUrl: null,
      usageHelpUrl: null,
      officialMirrorUrl: null,
      appDownloadUrl: null,
      support: null,
    });
  });

  it('reads the links and the contacts', () => {
    const links = readLinkEnv({
      VIP_MIRROR_URL: 'https://vip.example.com',
      USAGE_HELP_URL: 'https://docs.example.com/guide',
      OFFICIAL_MIRROR_URL: 'https://mirror.example.com/',
      APP_DOWNLOAD_URL: 'https://oss.example.com/parley.apk',
      SUPPORT_QQ: '12345678',
    });
    expect(links).toEqual({
      vipMirrorUrl: 'https://vip.example.com',
      usageHelpUrl: 'https://docs.example.com/guide',
      officialMirrorUrl: 'https://mirror.example.com/',
      appDownloadUrl: 'https://oss.example.com/parley.apk',
      support: { qq: '12345678', email: null },
    });
    expect(readLinkEnv({ SUPPORT_EMAIL: 'help@example.com' }).support).toEqual({
      qq: null,
      email: 'help@example.com',
    });
  });

  it('refuses a link that is not http(s), a QQ number with letters and a mailbox without @', () => {
    expect(() => readLinkEnv({ VIP_MIRROR_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => readLinkEnv({ APP_DOWNLOAD_URL: 'parley.apk' })).toThrow(/APP_DOWNLOAD_URL/);
    expect(() => readLinkEnv({ SUPPORT_QQ: 'qq123' })).toThrow(/SUPPORT_QQ/);
    expect(() => readLinkEnv({ SUPPORT_EMAIL: 'help' })).toThrow(/SUPPORT_EMAIL/);
  });
});
