import { describe, expect, it } from 'vitest';
import { actionServerOf } from './server-url';

describe('actionServerOf', () => {
  it('answers the first server URL without a trailing slash and its lower-case host', () => {
    expect(actionServerOf([{ url: 'https://API.Example.com/v1/' }, { url: 'https://b.io' }])).toEqual({
      url: 'https://api.example.com/v1',
      domain: 'api.example.com',
    });
    expect(actionServerOf([{ url: 'http://127.0.0.1:8080' }])).toEqual({
      url: 'http://127.0.0.1:8080',
      domain: '127.0.0.1',
    });
    expect(actionServerOf([{ url: 'http://[::1]:9/x' }])).toEqual({
      url: 'http://[::1]:9/x',
      domain: '[::1]',
    });
  });

  it('fills server variables with their defaults', () => {
    const servers = [
      { url: 'https://{region}.api.io/{v}', variables: { region: { default: 'eu' }, v: { default: 2 } } },
    ];
    expect(actionServerOf(servers)).toEqual({ url: 'https://eu.api.io/2', domain: 'eu.api.io' });
    expect(actionServerOf([{ url: 'https://{region}.api.io' }])).toBeNull();
  });

  it.each([
    [undefined],
    [[]],
    [[{}]],
    [[{ url: '' }]],
    [[{ url: '/relative' }]],
    [[{ url: 'ftp://a.io' }]],
    [[{ url: 'https://user:pw@a.io' }]],
    [[{ url: 'https://a.io?x=1' }]],
    [[{ url: 'https://a.io:99999' }]],
    [[{ url: 'https://bücher.de' }]],
    [[{ url: 'https://a b.io' }]],
    ['https://a.io'],
  ])('refuses %j', (servers) => {
    expect(actionServerOf(servers)).toBeNull();
  });
});
