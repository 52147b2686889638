import { TIMING } from '@fleet/contract';
import { useCountdown } from '../hooks/use-countdown';

/**
 * Nothing is known yet (no settings, no translations, no theme), so this screen is plain and
 * in English. Spec §8: an init failure reloads the page.
 */
export function StartFailure() {
  const left = useCountdown(TIMING.countdownSeconds, () => window.location.reload());
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 520, margin: '20vh auto', textAlign: 'center' }}
    >
      <h1>Fleet Console could not start</h1>
      <p role="timer">The page reloads in {left} s.</p>
    </main>
  );
}
