import type { SecretDto } from '@asbuilt/domain';
import { describe, expect, it } from 'vitest';
import { matchesSecret, safeHref } from '../src/features/vault/secretSearch.ts';

const secret = {
  id: 7,
  name: 'Core switch',
  username: 'admin',
  url: 'https://10.0.0.2/login',
  comment: null,
  level: 'Admin',
  linked: { type: 'Device', id: 3, name: 'Ground floor › Server room › HQ-SW-002' },
} as unknown as SecretDto;

describe('matchesSecret', () => {
  it('keeps everything for a blank search', () => {
    expect(matchesSecret(secret, '')).toBe(true);
    expect(matchesSecret(secret, '   ')).toBe(true);
  });

  it('finds by name, username, URL and linked name, ignoring case and edge spaces', () => {
    expect(matchesSecret(secret, 'core SWITCH')).toBe(true);
    expect(matchesSecret(secret, ' ADMIN ')).toBe(true);
    expect(matchesSecret(secret, '10.0.0.2')).toBe(true);
    expect(matchesSecret(secret, 'server room')).toBe(true);
    expect(matchesSecret(secret, 'hq-sw-002')).toBe(true);
  });

  it('skips a secret nothing of which matches, and empty fields match nothing', () => {
    expect(matchesSecret(secret, 'printer')).toBe(false);
    expect(matchesSecret({ ...secret, username: null, url: null }, 'null')).toBe(false);
  });
});

describe('safeHref', () => {
  it('links web addresses, adding https to a bare host', () => {
    expect(safeHref('https://10.0.0.2/login')).toBe('https://10.0.0.2/login');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('router.local:8443/admin')).toBe('https://router.local:8443/admin');
    expect(safeHref(' 192.168.1.10:8080 ')).toBe('https://192.168.1.10:8080/');
  });

  it('never links other schemes, blanks or nonsense', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('ftp://files.example.com')).toBeNull();
    expect(safeHref(null)).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref('   ')).toBeNull();
    expect(safeHref('http://')).toBeNull();
  });
});
