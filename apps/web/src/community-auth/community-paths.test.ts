import { describe, expect, it } from 'vitest';
import { buildSignInPath, safeCommunityReturn, withReturnPath } from './community-paths';

describe('safeCommunityReturn', () => {
  it('accepts community paths with their search', () => {
    expect(safeCommunityReturn('/settings?tab=notifications')).toBe('/settings?tab=notifications');
    expect(safeCommunityReturn('/select-guild')).toBe('/select-guild');
  });

  it('refuses other origins, the admin console and the sign-in pages', () => {
    expect(safeCommunityReturn('//evil.example/')).toBe('/');
    expect(safeCommunityReturn('https://evil.example/')).toBe('/');
    expect(safeCommunityReturn('/\\evil.example')).toBe('/');
    expect(safeCommunityReturn('/admin/guilds')).toBe('/');
    expect(safeCommunityReturn('/login?from=/settings')).toBe('/');
    expect(safeCommunityReturn('/reset-password?token=x')).toBe('/');
    expect(safeCommunityReturn(null)).toBe('/');
  });

  it('keeps a path that only starts like a sign-in page', () => {
    expect(safeCommunityReturn('/administrators')).toBe('/administrators');
    expect(safeCommunityReturn('/login-help')).toBe('/login-help');
  });
});

describe('buildSignInPath', () => {
  it('carries the original location, leaving out the home page', () => {
    expect(buildSignInPath('/settings')).toBe('/login?from=%2Fsettings');
    expect(buildSignInPath('/')).toBe('/login');
    expect(buildSignInPath()).toBe('/login');
    expect(withReturnPath('/select-guild', '/settings')).toBe('/select-guild?from=%2Fsettings');
  });
});
