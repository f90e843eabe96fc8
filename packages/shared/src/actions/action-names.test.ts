import { describe, expect, it } from 'vitest';
import {
  actionFunctionName,
  assistantActionEntry,
  base64Utf8,
  encodeActionDomain,
  isActionFunctionOf,
} from './action-names';

describe('action function names', () => {
  it('keeps a domain of at most 10 characters with each dot as ---', () => {
    expect(encodeActionDomain('a.io')).toBe('a---io');
    expect(encodeActionDomain('127.0.0.1')).toBe('127---0---0---1');
    expect(encodeActionDomain('abcdefghij')).toBe('abcdefghij');
  });

  it('names a longer domain by the first 10 characters of its base64', () => {
    expect(encodeActionDomain('api.weather.gov')).toBe('YXBpLndlYX');
    expect(encodeActionDomain('abcdefghijk')).toBe('YWJjZGVmZ2');
  });

  it('answers only characters a model accepts, even for an IPv6 literal', () => {
    expect(encodeActionDomain('[::1]')).toBe('Wzo6MV0');
    for (const d of ['[::1]', 'x.y.z.example.com', '10.0.0.255', '[fd00::1]'])
      expect(encodeActionDomain(d)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('joins the operation id and the domain with _action_, and lists the action as domain_action_id', () => {
    expect(actionFunctionName('getPetById', 'petstore3.swagger.io')).toBe('getPetById_action_cGV0c3Rvcm');
    expect(assistantActionEntry('a.io', 'act1')).toBe('a---io_action_act1');
    expect(isActionFunctionOf('getPetById_action_cGV0c3Rvcm', 'petstore3.swagger.io')).toBe(true);
    expect(isActionFunctionOf('getPetById_action_a---io', 'petstore3.swagger.io')).toBe(false);
    expect(isActionFunctionOf('_action_a---io', 'a.io')).toBe(false);
  });

  it.each([
    ['', ''],
    ['a', 'YQ=='],
    ['ab', 'YWI='],
    ['abc', 'YWJj'],
    ['héllo', 'aMOpbGxv'],
    ['中文', '5Lit5paH'],
    ['😀x', '8J+YgHg='],
  ])('encodes %j as UTF-8 base64 %j', (text, encoded) => {
    expect(base64Utf8(text)).toBe(encoded);
  });
});
