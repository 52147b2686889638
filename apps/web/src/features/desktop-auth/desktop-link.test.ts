import { describe, expect, it } from 'vitest';
import { desktopLink, handOffOutcome } from './desktop-link';

describe('desktop hand-off link', () => {
  it('passes every query parameter to the custom scheme', () => {
    expect(desktopLink('?code=abc&state=xyz&session_state=s1')).toBe(
      'fleetconsole://auth?code=abc&state=xyz&session_state=s1',
    );
  });

  it('keeps repeated parameters and the original encoding', () => {
    expect(desktopLink('?scope=a&scope=b&redirect=http%3A%2F%2Fx%2Fy%3Fz%3D1&text=two%20words')).toBe(
      'fleetconsole://auth?scope=a&scope=b&redirect=http%3A%2F%2Fx%2Fy%3Fz%3D1&text=two%20words',
    );
  });

  it('has no query part without parameters', () => {
    expect(desktopLink('')).toBe('fleetconsole://auth');
    expect(desktopLink('?')).toBe('fleetconsole://auth');
  });

  it('shows the error description, else the error, else finalizes', () => {
    expect(handOffOutcome('?error=access_denied&error_description=User%20cancelled')).toEqual({
      kind: 'error',
      message: 'User cancelled',
    });
    expect(handOffOutcome('?error=access_denied')).toEqual({ kind: 'error', message: 'access_denied' });
    expect(handOffOutcome('?code=abc')).toEqual({ kind: 'finalize' });
  });
});
