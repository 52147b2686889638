import { useSearchParams } from 'react-router';
import { useCanUse } from '../../../hooks/use-can-use';

export const MODE_KEY = 'mode';
const SYNTHETIC = 'synthetic';

/**
 * The list's mode, normal or synthetic (jobs §2), kept in the URL as `mode=synthetic`; only for users
 * holding the synthetic-jobs feature, others always see the normal list.
 */
export function useJobMode(): {
  synthetic: boolean;
  mayChoose: boolean;
  choose: (synthetic: boolean) => void;
} {
  const mayChoose = useCanUse('JOBS.SYNTHETIC');
  const [searchParams, setSearchParams] = useSearchParams();
  const synthetic = mayChoose && searchParams.get(MODE_KEY) === SYNTHETIC;
  // Another mode is another list: it starts from its own state.
  const choose = (next: boolean) =>
    void setSearchParams(next ? new URLSearchParams({ [MODE_KEY]: SYNTHETIC }) : new URLSearchParams());
  return { synthetic, mayChoose, choose };
}
