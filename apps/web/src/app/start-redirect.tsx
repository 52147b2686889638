import { Navigate } from 'react-router';
import { startPath } from '../config/paths';
import { useFeatureCheck } from '../hooks/use-can-use';

/** `/` for a signed-in user whose rights are known (it sits under the route guard). */
export function StartRedirect() {
  return <Navigate to={startPath(useFeatureCheck())} replace />;
}
