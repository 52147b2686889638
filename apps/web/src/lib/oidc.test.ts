import { describe, expect, it } from 'vitest';
import { testSettings } from '../testing/fixtures';
import { chosenProvider, createUserManager } from './oidc';

const other = { ...testSettings.authentication.others[0]!, name: 'corporate', label: 'Corporate SSO' };
const authentication = { name: 'local', others: [...testSettings.authentication.others, other] };

describe('identity provider choice', () => {
  it('prefers the provider the user picked, else the configured one', () => {
    expect(chosenProvider(authentication, 'corporate').name).toBe('corporate');
    expect(chosenProvider(authentication, null).name).toBe('local');
    expect(chosenProvider(authentication, 'gone').name).toBe('local');
    expect(chosenProvider({ name: 'missing', others: [other] }, null).name).toBe('corporate');
  });

  it('signs in with the code flow and renews 10 s before expiry', () => {
    const manager = createUserManager(
      testSettings.authentication.others[0]!,
      'http://localhost:8080/console/',
    );
    expect(manager.settings.redirect_uri).toBe('http://localhost:8080/console/auth/callback');
    expect(manager.settings.post_logout_redirect_uri).toBe('http://localhost:8080/console/');
    expect(manager.settings.automaticSilentRenew).toBe(true);
    expect(manager.settings.accessTokenExpiringNotificationTimeInSeconds).toBe(10);
    expect(manager.settings.response_type).toBe('code');
  });
});
