import { useNavigate } from 'react-router';
import { CountdownScreen, type CountdownScreenProps } from '../../components/countdown-screen';

interface ReturnCountdownScreenProps extends Omit<CountdownScreenProps, 'onDone'> {
  /** The previous location, a path inside the console. */
  returnTo: string;
  /** Called just before going back, such as to check the session again. */
  onReturn?: () => void;
}

/** Spec §2: the auth-failed and not-yet-authenticated screens count down, then return to the previous location. */
export function ReturnCountdownScreen({ returnTo, onReturn, ...props }: ReturnCountdownScreenProps) {
  const navigate = useNavigate();
  return (
    <CountdownScreen
      {...props}
      onDone={() => {
        onReturn?.();
        void navigate(returnTo, { replace: true });
      }}
    />
  );
}
