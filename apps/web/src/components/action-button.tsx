import { TIMING } from '@fleet/contract';
import { Button, CheckIcon, type ButtonProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export type ActionButtonState = 'neutral' | 'busy' | 'ready';

interface ActionButtonProps extends Omit<ButtonProps, 'loading' | 'onClick'> {
  /** Rejects on failure; the screen shows the error, the button goes back to neutral. */
  onAction: () => Promise<unknown>;
  /**
   * The question asked first (a dialog): the action runs only when it answers true. The button stays
   * neutral while the question is open, so no spinner shows behind the dialog.
   */
  ask?: () => Promise<boolean>;
  children: ReactNode;
}

/**
 * Spec §4: neutral, then a spinner only when the action takes longer than 700 ms (no flicker
 * on fast calls), then a ready mark for 5 s after success.
 */
export function ActionButton({ onAction, ask, children, ...props }: ActionButtonProps) {
  const [state, setState] = useState<ActionButtonState>('neutral');
  const [spinner, setSpinner] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const run = async () => {
    if (ask && !(await ask())) return;
    setState('busy');
    const spinnerTimer = setTimeout(() => setSpinner(true), TIMING.buttonSpinnerDelayMs);
    timers.current.push(spinnerTimer);
    try {
      await onAction();
      setState('ready');
      timers.current.push(setTimeout(() => setState('neutral'), TIMING.readyIconMs));
    } catch {
      setState('neutral');
    } finally {
      clearTimeout(spinnerTimer);
      setSpinner(false);
    }
  };

  return (
    <Button
      {...props}
      loading={spinner}
      disabled={props.disabled || state === 'busy'}
      leftSection={state === 'ready' ? <CheckIcon size={12} aria-hidden /> : props.leftSection}
      data-state={state}
      onClick={() => void run()}
    >
      {children}
    </Button>
  );
}
